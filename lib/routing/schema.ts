import { z } from "zod";

/**
 * Channel groups (docs/routing.md): the inputs of the dashboard's forms and actions, and the
 * stored definition. Client-safe: no database imports.
 */
export const CARD_BRANDS = ["LOCAL", "VISA", "MASTER", "AMEX", "JCB", "DINERS", "UNIONPAY"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export const ROUTED_METHODS = ["CARD", "VIRTUAL_ACCOUNT"] as const;
export type RoutedMethod = (typeof ROUTED_METHODS)[number];

const MAX_AMOUNT = 1_000_000_000_000_000;

/** Every group key starts so: a payment's channel key is looked up as a group only then. */
export const GROUP_KEY_PREFIX = "channel-group-";

export const routingTarget = z.object({
  channel_key: z.string().trim().min(1, "choose a channel").max(200),
  /** Relative share of new payments; 0 = only tried on failover. */
  weight: z.number().int().min(0).max(1000),
});
export type RoutingTargetInput = z.infer<typeof routingTarget>;

function targetsOf(what: string) {
  return z
    .array(routingTarget)
    .min(1, `${what}: at least one channel`)
    .max(10, `${what}: at most 10 channels`)
    .refine((targets) => targets.some((t) => t.weight > 0), `${what}: give at least one channel a weight above 0`)
    .refine(
      (targets) => new Set(targets.map((t) => t.channel_key)).size === targets.length,
      `${what}: each channel once`,
    );
}

export const routingRule = z
  .object({
    name: z.string().trim().min(1, "name the rule").max(100),
    method: z.enum(ROUTED_METHODS).optional(),
    min_amount: z.number().int().min(0).max(MAX_AMOUNT).optional(),
    max_amount: z.number().int().min(0).max(MAX_AMOUNT).optional(),
    card_brands: z.array(z.enum(CARD_BRANDS)).max(CARD_BRANDS.length).optional(),
    bin_prefixes: z
      .array(z.string().regex(/^\d{1,8}$/, "a BIN prefix is 1 to 8 digits"))
      .max(50)
      .optional(),
    targets: targetsOf("rule"),
  })
  .refine((r) => r.min_amount === undefined || r.max_amount === undefined || r.min_amount <= r.max_amount, {
    message: "the minimum amount is above the maximum",
    path: ["min_amount"],
  });
export type RoutingRuleInput = z.infer<typeof routingRule>;

export const channelGroupInput = z.object({
  name: z.string().trim().min(1, "name the group").max(100),
  targets: targetsOf("group"),
  rules: z.array(routingRule).max(20),
});
export type ChannelGroupInput = z.infer<typeof channelGroupInput>;

export const channelGroupRef = z.object({ key: z.string().trim().min(1).max(200) });
export const updateChannelGroupInput = channelGroupInput.extend({ key: z.string().trim().min(1).max(200) });
export type UpdateChannelGroupInput = z.infer<typeof updateChannelGroupInput>;

/** A payment as routing sees it before any provider call: what is known from the request. */
export const routingSampleInput = z.object({
  payment_id: z.string().trim().min(1).max(200),
  method: z.enum(ROUTED_METHODS),
  amount: z.number().int().min(0).max(MAX_AMOUNT),
  /** The card's first digits (the BIN); never a whole number. */
  bin: z
    .string()
    .regex(/^\d{0,8}$/, "at most the first 8 digits")
    .optional(),
});
export type RoutingSampleInput = z.infer<typeof routingSampleInput>;

export const previewRoutingInput = z.object({
  /** The saved group's key, when previewing one being edited (the draw depends on it). */
  key: z.string().trim().min(1).max(200).optional(),
  group: channelGroupInput,
  sample: routingSampleInput,
});

/** A target or rule as stored: channels by id (keys can be shown from the channel). */
export type StoredTarget = { channel_id: string; weight: number };
export type StoredRule = Omit<RoutingRuleInput, "targets"> & { targets: StoredTarget[] };
export type GroupDefinition = { targets: StoredTarget[]; rules: StoredRule[] };

/** A group as the dashboard shows it. */
export type ChannelGroupView = {
  key: string;
  name: string;
  targets: RoutingTargetInput[];
  rules: RoutingRuleInput[];
  createdAt: number;
  updatedAt: number;
};

/** Why one attempt went to its channel (kept per attempt made through a group; the timeline shows it). */
export type RoutingRecord = {
  group_key: string;
  group_name: string;
  /** The matched rule's name; null: the group's default channels. */
  rule: string | null;
  channel_key: string;
  weight: number;
  total_weight: number;
  /** 1 for the drawn channel, 2 for the first failover, … */
  try: number;
  skipped: { channel_key: string; reason: string }[];
  /** The try before this one, which certainly moved no money. */
  failover_after?: { transaction_id: string; channel_key: string; cause: string };
};
