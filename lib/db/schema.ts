import type { BillingTables } from "./tables/billing";
import type { CountTables } from "./tables/counts";
import type { FoundationTables } from "./tables/foundation";
import type { JobTables } from "./tables/jobs";
import type { PaymentTables } from "./tables/payments";
import type { StoreTables } from "./tables/stores";
import type { IdentityTables } from "./tables/identity";
import type { CashReceiptTables } from "./tables/cash-receipts";
import type { ThrottleTables } from "./tables/throttle";
import type { TeamTables } from "./tables/teams";
import type { WebhookTables } from "./tables/webhooks";
import type { SandboxTables } from "./tables/sandbox";
import type { SettlementTables } from "./tables/settlements";
import type { RoutingTables } from "./tables/routing";
import type { CustomerTables } from "./tables/customers";

/**
 * The whole database as Kysely sees it. Each area declares its tables in lib/db/tables/<area>.ts
 * and is joined here. Conventions: ids are text, times are epoch ms (bigint), money is integer
 * minor units, booleans are 0/1 integers and nested documents are JSON text, identical on SQLite
 * and PostgreSQL.
 */
export interface DB
  extends FoundationTables,
    JobTables,
    PaymentTables,
    StoreTables,
    IdentityTables,
    CashReceiptTables,
    BillingTables,
    WebhookTables,
    SandboxTables,
    ThrottleTables,
    CountTables,
    TeamTables,
    SettlementTables,
    RoutingTables,
    CustomerTables {}
