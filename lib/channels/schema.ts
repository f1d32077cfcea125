import { z } from "zod";
import { idRef } from "@/lib/schema/fields";

export const listChannelsQuery = z.object({ store_id: idRef.optional() });
export type ListChannelsQuery = z.infer<typeof listChannelsQuery>;
