import type { AdminTables } from '../../src/modules/admin/admin.tables.ts';
import type { AgentsTables } from '../../src/modules/agents/agents.tables.ts';
import type { AuthTables } from '../../src/modules/auth/auth.tables.ts';
import type { CaptchaTables } from '../../src/modules/captcha/captcha.tables.ts';
import type { DepositsTables } from '../../src/modules/deposits/deposits.tables.ts';
import type { KeysTables } from '../../src/modules/keys/keys.tables.ts';
import type { LedgerTables } from '../../src/modules/ledger/ledger.tables.ts';
import type { MembersTables } from '../../src/modules/members/members.tables.ts';
import type { MerchantsTables } from '../../src/modules/merchants/merchants.tables.ts';
import type { OutboxTables } from '../../src/modules/outbox/outbox.tables.ts';
import type { RegistrationTables } from '../../src/modules/registration/registration.tables.ts';
import type { SystemTables } from '../../src/modules/system/system.tables.ts';
import type { VerificationTables } from '../../src/modules/verification/verification.tables.ts';
import type { GamesTables } from '../../src/modules/games/games.tables.ts';
import type { HouseTables } from '../../src/modules/house/house.tables.ts';
import type { DemoVendorTables } from '../../src/modules/demo-vendor/demo-vendor.tables.ts';
import type { WalletTables } from '../../src/modules/wallet/wallet.tables.ts';
import type { WithdrawalsTables } from '../../src/modules/withdrawals/withdrawals.tables.ts';
import type { ContractsTables } from '../../src/modules/contracts/contracts.tables.ts';
import type { LotteryTables } from '../../src/modules/lottery/lottery.tables.ts';
import type { AnnouncementsTables } from '../../src/modules/announcements/announcements.tables.ts';
import type { MessagesTables } from '../../src/modules/messages/messages.tables.ts';
import type { PromotionsTables } from '../../src/modules/promotions/promotions.tables.ts';
import type { MemberAdminTables } from '../../src/modules/member-admin/member-admin.tables.ts';
import type { FeedbackTables } from '../../src/modules/feedback/feedback.tables.ts';
import type { ChatTables } from '../../src/modules/chat/chat.tables.ts';
import type { BonusTables } from '../../src/modules/bonus/bonus.tables.ts';
import type { PlayEventsTables } from '../../src/modules/play-events/play-events.tables.ts';
import type { KycTables } from '../../src/modules/kyc/kyc.tables.ts';
import type { CoreTables } from '../../src/db/schema.ts';

/**
 * Every table, for tests that look under the modules (to prove the database itself refuses a bad write, or to
 * set up a state no API reaches). Application code never has this view: each module sees its own tables.
 */
export interface AllTables
  extends
    CoreTables,
    AdminTables,
    AgentsTables,
    AuthTables,
    CaptchaTables,
    DepositsTables,
    KeysTables,
    LedgerTables,
    LotteryTables,
    MembersTables,
    MerchantsTables,
    OutboxTables,
    RegistrationTables,
    SystemTables,
    VerificationTables,
    GamesTables,
    HouseTables,
    DemoVendorTables,
    WalletTables,
    WithdrawalsTables,
    KycTables,
    ContractsTables,
    AnnouncementsTables,
    PromotionsTables,
    MessagesTables,
    MemberAdminTables,
    FeedbackTables,
    ChatTables,
    PlayEventsTables,
    BonusTables {}
