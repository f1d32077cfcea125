import { z } from "zod";

export const listChannelsQuery = z.object({ store_id: z.string().min(1).optional() });
