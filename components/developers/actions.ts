"use server";

import { createApiKeyInput, revokeApiKeyInput } from "@/lib/auth/api-key-schema";
import { createCallerApiKey } from "@/lib/auth/create-caller-api-key";
import { listCallerApiKeys } from "@/lib/auth/list-caller-api-keys";
import { revokeCallerApiKey } from "@/lib/auth/revoke-caller-api-key";
import { dashboardAction } from "@/lib/dashboard/action";
import { z } from "zod";

export const listKeysAction = dashboardAction({ write: false, input: z.object({}) }, listCallerApiKeys);

export const createKeyAction = dashboardAction({ write: true, input: createApiKeyInput }, createCallerApiKey);

export const revokeKeyAction = dashboardAction({ write: true, input: revokeApiKeyInput }, revokeCallerApiKey);
