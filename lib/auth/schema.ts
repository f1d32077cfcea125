import { z } from "zod";

export const loginBody = z.object({ apiKey: z.string({ error: "is required" }).min(1) });
export const loginResponse = z.object({ accessToken: z.string(), refreshToken: z.string() });

export const signinBody = z.object({ api_key: z.string({ error: "is required" }).min(1) });
export const regenerationBody = z.object({ refresh_token: z.string({ error: "is required" }).min(1) });
export const snakeTokenResponse = z.object({ access_token: z.string(), refresh_token: z.string() });
