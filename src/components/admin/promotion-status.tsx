import type { GiftCardStatus, PromotionStatus } from '@/isomorphic/contract/admin-selling'
import { Badge } from './order-state-badges'

// The status of a promotion or a gift card, as a badge (text and colour: never colour alone).

const PROMOTION_TONES = { active: 'done', scheduled: 'info', expired: 'neutral', disabled: 'stopped' } as const
const PROMOTION_NAMES: Record<PromotionStatus, string> = { active: 'Active', scheduled: 'Scheduled', expired: 'Expired', disabled: 'Disabled' }

export function PromotionStatusBadge({ status, usedUp }: { status: PromotionStatus; usedUp: boolean }) {
  return <Badge tone={PROMOTION_TONES[status]}>{status === 'expired' && usedUp ? 'Used up' : PROMOTION_NAMES[status]}</Badge>
}

const CARD_TONES = { active: 'done', expired: 'neutral', disabled: 'stopped' } as const
const CARD_NAMES: Record<GiftCardStatus, string> = { active: 'Active', expired: 'Expired', disabled: 'Disabled' }

export function GiftCardStatusBadge({ status }: { status: GiftCardStatus }) {
  return <Badge tone={CARD_TONES[status]}>{CARD_NAMES[status]}</Badge>
}
