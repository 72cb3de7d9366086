'use client'

import { useRouter } from 'next/navigation'
import { type ChangeEvent, type ComponentProps, type ReactNode, useState } from 'react'
import { adminMutation } from '@/client/admin/admin-api'
import { useConsoleAction, useConsoleForm } from '@/client/admin/use-console-form'
import { uploadSiteImage } from '@/client/admin/site-image-upload'
import { ACCENT_MIN_CONTRAST, contrastRatio, parseCssColor } from '@/isomorphic/colors'
import { SITE_IMAGE_ACCEPT, type SiteImageKind, type StoreSettings, TOKEN_AUTH_METHODS } from '@/isomorphic/contract/admin-settings'
import { ConsoleForm, FormField, SaveOutcome, SubmitButton } from './console-form'
import { Select, TextArea, TextInput } from './form-fields'
import { daySpanOf } from './day-span-fields'
import { SsoTestButton } from './sso-test-button'

// A store's settings (issue 16), in sections like Shopify's: the store, contact, access, look,
// analytics and single sign-on. One save for the page, versioned: a colleague's save in between is
// a 409 shown with what they changed. The client secret is write-only: the field is empty, says
// whether one is stored, and an empty field keeps it (the reCAPTCHA secret key too). The logo,
// favicon and social image are uploaded (and removed) at once, each moving the page's version.

const WHITE = { r: 255, g: 255, b: 255 }

/** White text's contrast on the colour, or null while it is not a colour yet. */
function contrastOnAccent(value: string): number | null {
  try {
    return contrastRatio(parseCssColor(value), WHITE)
  } catch {
    return null
  }
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="grid gap-4 border-b border-line py-6 last:border-b-0 md:grid-cols-[16rem_1fr] md:gap-8">
      <div>
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted">{description}</p>
      </div>
      <div className="grid gap-4">{children}</div>
    </section>
  )
}

function Check({ label, hint, ...input }: { label: string; hint: string } & ComponentProps<'input'>) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" {...input} className="mt-1 size-4 accent-accent" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-muted">{hint}</span>
      </span>
    </label>
  )
}

const PICTURES: { kind: SiteImageKind; title: string; hint: string; preview: string }[] = [
  { kind: 'logo', title: 'Logo', hint: 'In the storefront’s header, the mails and the order PDFs. A wide PNG with a transparent background reads best. None: the store’s name as text.', preview: 'h-16 w-56' },
  { kind: 'favicon', title: 'Favicon', hint: 'The browser tab’s icon. Square, at least 32 × 32 pixels (512 × 512 is best). None: no icon.', preview: 'size-16' },
  { kind: 'social', title: 'Social image', hint: 'The picture of links to the store shared in chats and social media. At least 600 × 315 pixels (1200 × 630 is best).', preview: 'h-24 w-44' },
]

/** One of the store's pictures: its preview, an upload (or replace) and a remove, each saved at once. */
function PictureField({
  picture,
  url,
  busy,
  onUpload,
  onRemove,
}: {
  picture: (typeof PICTURES)[number]
  url: string | null
  busy: boolean
  onUpload: (kind: SiteImageKind, file: File) => void
  onRemove: (kind: SiteImageKind) => void
}) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (file) onUpload(picture.kind, file)
  }
  const label = picture.title.toLowerCase()
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center" data-testid={`site-image-${picture.kind}`}>
      <div className={`flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-line bg-soft ${picture.preview}`}>
        {url ? (
          // eslint-disable-next-line @next/next/no-img-element -- served by our image route
          <img src={url} alt={`The store’s ${label}`} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="px-2 text-center text-xs text-muted">None</span>
        )}
      </div>
      <div className="min-w-0">
        <p className="text-sm font-medium">{picture.title}</p>
        <p className="text-sm text-muted">{picture.hint}</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <label className={`inline-flex min-h-10 cursor-pointer items-center rounded-md border border-line bg-white px-3 text-sm font-medium hover:bg-soft ${busy ? 'pointer-events-none opacity-60' : ''}`}>
            {url ? `Replace ${label}` : `Upload ${label}`}
            <input type="file" accept={SITE_IMAGE_ACCEPT} className="sr-only" aria-label={`Upload the store’s ${label}`} disabled={busy} onChange={choose} />
          </label>
          {url ? (
            <button type="button" disabled={busy} onClick={() => onRemove(picture.kind)} className="min-h-10 rounded-md px-3 text-sm font-medium text-danger hover:bg-soft disabled:opacity-60">
              Remove {label}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  )
}

type SettingsFields = {
  name: string
  description: string
  contactEmail: string
  contactPhone: string
  lockBrowsing: boolean
  guestCheckout: boolean
  accentColor: string
  analyticsId: string
  leadTimeMin: string
  leadTimeMax: string
  ssoLabel: string
  ssoIssuer: string
  ssoClientId: string
  ssoClientSecret: string
  ssoScope: string
  ssoTokenAuthMethod: (typeof TOKEN_AUTH_METHODS)[number]
  recaptchaSiteKey: string
  recaptchaSecretKey: string
  stripeAccount: 'own' | 'install'
  stripeSecretKey: string
  stripeWebhookSecret: string
}

function fieldsOf(settings: StoreSettings): SettingsFields {
  return {
    name: settings.name,
    description: settings.description,
    contactEmail: settings.contactEmail ?? '',
    contactPhone: settings.contactPhone ?? '',
    lockBrowsing: settings.lockBrowsing,
    guestCheckout: settings.guestCheckout,
    accentColor: settings.accentColor ?? '',
    analyticsId: settings.analyticsId ?? '',
    leadTimeMin: settings.leadTime ? String(settings.leadTime.minDays) : '',
    leadTimeMax: settings.leadTime ? String(settings.leadTime.maxDays) : '',
    ssoLabel: settings.sso.label ?? '',
    ssoIssuer: settings.sso.issuer,
    ssoClientId: settings.sso.clientId,
    // Secrets are write-only: the field starts empty, and an empty field keeps the stored one.
    ssoClientSecret: '',
    ssoScope: settings.sso.scope,
    ssoTokenAuthMethod: settings.sso.tokenAuthMethod,
    recaptchaSiteKey: settings.recaptcha.siteKey,
    recaptchaSecretKey: '',
    stripeAccount: settings.cardPayments.ownAccount ? 'own' : 'install',
    stripeSecretKey: '',
    stripeWebhookSecret: '',
  }
}

/** Contract paths to this form's fields. */
const FIELD_OF: Readonly<Record<string, string>> = {
  leadTime: 'leadTimeMin',
  'sso.label': 'ssoLabel',
  'sso.issuer': 'ssoIssuer',
  'sso.clientId': 'ssoClientId',
  'sso.clientSecret': 'ssoClientSecret',
  'sso.scope': 'ssoScope',
  'sso.tokenAuthMethod': 'ssoTokenAuthMethod',
  'recaptcha.siteKey': 'recaptchaSiteKey',
  'recaptcha.secretKey': 'recaptchaSecretKey',
  'cardPayments.account': 'stripeAccount',
  'cardPayments.secretKey': 'stripeSecretKey',
  'cardPayments.webhookSecret': 'stripeWebhookSecret',
}

export function StoreSettingsForm({ settings }: { settings: StoreSettings }) {
  const router = useRouter()
  // The version this page's next save is based on: the one read, then each save's or picture's own.
  const [version, setVersion] = useState(settings.version)
  const [images, setImages] = useState(settings.images)
  const pictures = useConsoleAction()
  const form = useConsoleForm({
    mutation: 'settings.save',
    defaultValues: fieldsOf(settings),
    fieldOf: FIELD_OF,
    toValue: (field: SettingsFields) => ({
      websiteId: settings.websiteId,
      version,
      name: field.name,
      description: field.description,
      contactEmail: field.contactEmail,
      contactPhone: field.contactPhone,
      lockBrowsing: field.lockBrowsing,
      guestCheckout: field.guestCheckout,
      accentColor: field.accentColor,
      analyticsId: field.analyticsId,
      leadTime: daySpanOf(field.leadTimeMin, field.leadTimeMax),
      sso: {
        label: field.ssoLabel,
        issuer: field.ssoIssuer,
        clientId: field.ssoClientId,
        ...(field.ssoClientSecret ? { clientSecret: field.ssoClientSecret } : {}),
        scope: field.ssoScope,
        tokenAuthMethod: field.ssoTokenAuthMethod,
      },
      recaptcha: { siteKey: field.recaptchaSiteKey.trim(), ...(field.recaptchaSecretKey.trim() ? { secretKey: field.recaptchaSecretKey.trim() } : {}) },
      cardPayments: {
        account: field.stripeAccount,
        ...(field.stripeSecretKey.trim() ? { secretKey: field.stripeSecretKey.trim() } : {}),
        ...(field.stripeWebhookSecret.trim() ? { webhookSecret: field.stripeWebhookSecret.trim() } : {}),
      },
    }),
    savedMessage: 'Settings saved. The storefront shows them from its next page.',
    onSaved: (answer) => {
      setVersion(answer.version)
      router.refresh()
    },
  })
  const { register, watch, setValue } = form
  const accent = watch('accentColor')
  const contrast = accent.trim() ? contrastOnAccent(accent.trim()) : null

  const changePicture = (kind: SiteImageKind, file: File | null) => {
    const what = PICTURES.find((picture) => picture.kind === kind)!.title
    return pictures.run(() => (file ? uploadSiteImage({ websiteId: settings.websiteId, version, kind, file }) : adminMutation('settings.removeImage', { websiteId: settings.websiteId, version, kind })), {
      savedMessage: file ? `${what} saved. The storefront shows it from its next page.` : `${what} removed. The storefront shows its default from its next page.`,
    }).then((outcome) => {
      if (outcome.ok) {
        setVersion(outcome.answer.version)
        setImages(outcome.answer.images)
      }
    })
  }

  return (
    <ConsoleForm
      form={form}
      label="Store settings"
      className="rounded-card border border-line bg-white px-5"
      actions={
        <div className="sticky bottom-0 -mx-5 flex items-center justify-end gap-3 border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
          <SubmitButton form={form}>Save settings</SubmitButton>
        </div>
      }
    >

      <Section title="Store" description={`What shoppers see as the store’s name (in the header, page titles and mails). Store code: ${settings.code}.`}>
        <FormField form={form} name="name" label="Store name">
          <TextInput {...register('name')} required maxLength={120} />
        </FormField>
        <FormField form={form} name="description" label="Description" hint="Shown to search engines and in shared links.">
          <TextArea {...register('description')} rows={3} maxLength={2000} />
        </FormField>
      </Section>

      <Section title="Logo and pictures" description="The store’s logo, the browser tab’s icon and the picture of shared links. PNG, JPEG, WebP or SVG (cleaned of scripts and drawn as a picture), up to 5 MB each; saved as soon as you choose a file.">
        <SaveOutcome status={pictures.status} />
        {PICTURES.map((picture) => (
          <PictureField key={picture.kind} picture={picture} url={images[picture.kind]} busy={pictures.busy} onUpload={(kind, file) => void changePicture(kind, file)} onRemove={(kind) => void changePicture(kind, null)} />
        ))}
      </Section>

      <Section title="Contact" description="Shown in the footer and in the shopper’s mails.">
        <FormField form={form} name="contactEmail" label="Contact email">
          <TextInput {...register('contactEmail')} type="email" placeholder="orders@example.com" />
        </FormField>
        <FormField form={form} name="contactPhone" label="Contact phone">
          <TextInput {...register('contactPhone')} type="tel" maxLength={40} />
        </FormField>
      </Section>

      <Section title="Access" description="Who may browse the store and who may buy.">
        <Check {...register('lockBrowsing')} label="Lock browsing" hint="Visitors who are not signed in see only the public pages and are sent to sign in." />
        <Check {...register('guestCheckout')} label="Guest checkout" hint="Shoppers may order without an account. Off: a company store where everyone signs in." />
      </Section>

      <Section title="Look" description="The colour of the storefront’s buttons, links and focus rings. Leave empty for the theme’s.">
        <FormField form={form} name="accentColor" label="Accent colour" hint={`A CSS colour like #0b6e5f. White text on it must read well (${ACCENT_MIN_CONTRAST}:1 or more).`}>
          <span className="mt-1 flex items-center gap-3">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={/^#[0-9a-f]{6}$/i.test(accent) ? accent : '#0b6e5f'}
              onChange={(event) => setValue('accentColor', event.target.value, { shouldDirty: true })}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-line bg-white"
            />
            <TextInput {...register('accentColor')} placeholder="#0b6e5f" className="mt-0 font-mono" />
          </span>
        </FormField>
        {accent.trim() && contrast !== null ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="rounded-md px-4 py-2 font-semibold text-white" style={{ backgroundColor: accent.trim() }}>
              Add to cart
            </span>
            <span className={contrast >= ACCENT_MIN_CONTRAST ? 'text-muted' : 'font-semibold text-danger'}>
              Contrast with white {contrast.toFixed(1)}:1 {contrast >= ACCENT_MIN_CONTRAST ? '— reads well' : '— too light: choose a darker shade'}
            </span>
          </div>
        ) : null}
      </Section>

      <Section title="Production time" description="How long orders take to make before they ship, in business days: shown on product pages, the cart and the checkout, and added to each delivery option’s arrival estimate. Products may have their own. Leave both empty for none.">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField form={form} name="leadTimeMin" label="From (business days)">
            <TextInput {...register('leadTimeMin')} type="number" min={0} max={120} step={1} inputMode="numeric" />
          </FormField>
          <FormField form={form} name="leadTimeMax" label="To (business days)">
            <TextInput {...register('leadTimeMax')} type="number" min={0} max={120} step={1} inputMode="numeric" />
          </FormField>
        </div>
      </Section>

      <Section title="Analytics" description="Google Analytics 4: page views and the shop’s events. Leave empty for none (or the install’s default).">
        <FormField form={form} name="analyticsId" label="Measurement id">
          <TextInput {...register('analyticsId')} placeholder="G-XXXXXXXXXX" className="font-mono" />
        </FormField>
      </Section>

      <Section title="Single sign-on" description="Employees sign in with the company’s OpenID Connect provider. Leave the button label empty to turn it off.">
        <FormField form={form} name="ssoLabel" label="Sign-in button label" hint="For example “Sign in with Acme”.">
          <TextInput {...register('ssoLabel')} maxLength={60} />
        </FormField>
        <FormField form={form} name="ssoIssuer" label="Issuer" hint="The provider’s address, https://…">
          <TextInput {...register('ssoIssuer')} type="url" placeholder="https://login.example.com" />
        </FormField>
        <FormField form={form} name="ssoClientId" label="Client id">
          <TextInput {...register('ssoClientId')} autoComplete="off" />
        </FormField>
        <FormField form={form} name="ssoClientSecret" label="Client secret" hint={settings.sso.clientSecretSet ? 'A secret is stored. It is never shown; type a new one only to replace it.' : 'No secret stored yet.'}>
          <TextInput {...register('ssoClientSecret')} type="password" autoComplete="new-password" placeholder={settings.sso.clientSecretSet ? '•••••••• (stored)' : ''} />
        </FormField>
        <FormField form={form} name="ssoScope" label="Scope" hint="Empty: openid email profile.">
          <TextInput {...register('ssoScope')} />
        </FormField>
        <FormField form={form} name="ssoTokenAuthMethod" label="Client authentication">
          <Select {...register('ssoTokenAuthMethod')}>
            {TOKEN_AUTH_METHODS.map((method) => (
              <option key={method} value={method}>
                {method === 'client_secret_basic' ? 'HTTP Basic (client_secret_basic)' : 'In the form (client_secret_post)'}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="grid gap-2 rounded-md border border-line bg-soft p-4">
          <p className="text-sm font-medium">Test the sign-in</p>
          <p className="text-sm text-muted">
            {settings.sso.issuer && settings.sso.clientId && settings.sso.clientSecretSet
              ? 'Signs in at the provider with the saved settings (save your changes first) and shows what came back: the claims and the customer group they map to. Nobody is signed in to the store.'
              : 'Save the issuer, client id and client secret first; then test the sign-in, before turning it on if you like.'}
          </p>
          <SsoTestButton websiteId={settings.websiteId} disabled={!(settings.sso.issuer && settings.sso.clientId && settings.sso.clientSecretSet)} />
        </div>
      </Section>

      <Section
        title="reCAPTCHA"
        description={`Google reCAPTCHA v3 checks that sign-in, sign-up and password reset come from people. Leave the site key empty to use ${settings.recaptcha.installKeys ? 'the install’s keys' : 'none (the install has no keys: reCAPTCHA is off)'}.`}
      >
        <FormField form={form} name="recaptchaSiteKey" label="Site key" hint="From the reCAPTCHA v3 site in Google’s admin console; it is public (the browser uses it).">
          <TextInput {...register('recaptchaSiteKey')} autoComplete="off" className="font-mono" />
        </FormField>
        <FormField form={form} name="recaptchaSecretKey" label="Secret key" hint={settings.recaptcha.secretKeySet ? 'A secret key is stored. It is never shown; type a new one only to replace it.' : 'No secret key stored yet.'}>
          <TextInput {...register('recaptchaSecretKey')} type="password" autoComplete="new-password" placeholder={settings.recaptcha.secretKeySet ? '•••••••• (stored)' : ''} className="font-mono" />
        </FormField>
      </Section>

      <Section
        title="Card payments (Stripe)"
        description={`A card payment method takes payments through Stripe. This store can use its own Stripe account, or ${settings.cardPayments.installKeys ? 'the install’s' : 'the install’s (none is set up: card payments are off until one is)'}.`}
      >
        <FormField form={form} name="stripeAccount" label="Stripe account">
          <Select {...register('stripeAccount')}>
            <option value="install">The install’s account</option>
            <option value="own">This store’s own account</option>
          </Select>
        </FormField>
        <FormField form={form} name="stripeSecretKey" label="Secret key" hint={settings.cardPayments.ownAccount ? 'A key is stored. It is never shown; type a new one only to replace it.' : 'From the Stripe dashboard: Developers → API keys (sk_live_… or a restricted rk_… key).'}>
          <TextInput {...register('stripeSecretKey')} type="password" autoComplete="new-password" placeholder={settings.cardPayments.ownAccount ? '•••••••• (stored)' : ''} className="font-mono" />
        </FormField>
        <FormField
          form={form}
          name="stripeWebhookSecret"
          label="Webhook signing secret"
          hint={`In that Stripe account, add a webhook endpoint at this store’s address + ${settings.cardPayments.webhookPath} for the checkout.session events, then paste its signing secret (whsec_…).`}
        >
          <TextInput {...register('stripeWebhookSecret')} type="password" autoComplete="new-password" placeholder={settings.cardPayments.ownAccount ? '•••••••• (stored)' : ''} className="font-mono" />
        </FormField>
      </Section>
    </ConsoleForm>
  )
}
