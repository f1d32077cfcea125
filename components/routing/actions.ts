"use server";

import { z } from "zod";
import { dashboardAction } from "@/lib/dashboard/action";
import { createChannelGroup, deleteChannelGroup, listChannelGroups, updateChannelGroup } from "@/lib/routing/groups";
import { listChannelHealth } from "@/lib/routing/health";
import { previewRouting } from "@/lib/routing/preview";
import { channelGroupInput, channelGroupRef, previewRoutingInput, updateChannelGroupInput } from "@/lib/routing/schema";

/** The store's channel groups and the channels they may name. OWNER/ADMIN (the Channels page). */
export const listChannelGroupsAction = dashboardAction({ write: true, input: z.object({}) }, listChannelGroups);

/** Each payment channel's health over the last hour with its circuit. */
export const channelHealthAction = dashboardAction({ write: true, input: z.object({}) }, listChannelHealth);

export const createChannelGroupAction = dashboardAction({ write: true, input: channelGroupInput }, createChannelGroup);

export const updateChannelGroupAction = dashboardAction(
  { write: true, input: updateChannelGroupInput },
  updateChannelGroup,
);

export const deleteChannelGroupAction = dashboardAction({ write: true, input: channelGroupRef }, deleteChannelGroup);

/** Where a sample payment would go with the group as edited; reads only. */
export const previewRoutingAction = dashboardAction({ write: true, input: previewRoutingInput }, previewRouting);
