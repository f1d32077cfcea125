import bcrypt from "bcryptjs";
import { randomBytes } from "node:crypto";

const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

let dummyHash: Promise<string> | undefined;

/** A hash of the same cost that no password matches, compared against when no user has the e-mail. */
export function unknownUserHash(): Promise<string> {
  dummyHash ??= bcrypt.hash(randomBytes(16).toString("hex"), COST);
  return dummyHash;
}
