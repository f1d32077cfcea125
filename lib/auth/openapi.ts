import type { Operation } from "@/lib/schema/openapi-types";
import { loginBody, loginResponse, regenerationBody, signinBody, snakeTokenResponse } from "./schema";

export const authOperations: Operation[] = [
  {
    method: "post",
    path: "/login/api-key",
    operationId: "loginWithApiKey",
    summary: "Log in with an API key",
    tag: "auth",
    family: "login",
    auth: "none",
    body: loginBody,
    response: loginResponse,
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/v2/token-regeneration",
    operationId: "refreshToken",
    summary: "Rotate a refresh token",
    tag: "auth",
    family: "platform",
    auth: "none",
    body: regenerationBody,
    response: snakeTokenResponse,
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/v2/signin/api-key",
    operationId: "signInWithApiKey",
    summary: "Log in with an API key (deprecated)",
    tag: "auth",
    family: "platform",
    auth: "none",
    body: signinBody,
    response: snakeTokenResponse,
    errors: [400, 401],
    deprecated: true,
  },
];
