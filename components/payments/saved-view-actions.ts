"use server";

import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { createViewInput, defaultViewInput, renameViewInput, viewIdInput } from "@/lib/saved-views/schema";
import { createView } from "@/lib/saved-views/create-view";
import { deleteView } from "@/lib/saved-views/delete-view";
import { listViews } from "@/lib/saved-views/list-views";
import { renameView } from "@/lib/saved-views/rename-view";
import { setDefaultView } from "@/lib/saved-views/set-default-view";

// A view is the user's own arrangement of the list, so viewers may keep private ones (the verbs check sharing).
export const listViewsAction = dashboardAction({ write: false, input: z.object({}) }, ({ ctx }) => listViews({ ctx }));

export const createViewAction = dashboardAction({ write: false, input: createViewInput }, ({ ctx, input }) =>
  createView({ ctx, input }),
);

export const renameViewAction = dashboardAction({ write: false, input: renameViewInput }, async ({ ctx, input }) => {
  await renameView({ ctx, input });
  return {};
});

export const deleteViewAction = dashboardAction({ write: false, input: viewIdInput }, async ({ ctx, input }) => {
  await deleteView({ ctx, input });
  return {};
});

export const defaultViewAction = dashboardAction({ write: false, input: defaultViewInput }, async ({ ctx, input }) => {
  await setDefaultView({ ctx, input });
  return {};
});
