import { z } from "zod";
import { text } from "@/lib/schema/fields";

const credential = text(500, { error: "is required" }).min(1);

export const loginBody = z.object({ apiKey: credential });
export const loginResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const signinBody = z.object({ api_key: credential });
export const regenerationBody = z.object({ refresh_token: credential });
export const snakeTokenResponse = z.object({ access_token: z.string(), refresh_token: z.string() });
