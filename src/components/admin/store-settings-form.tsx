'use client'

import { useRouter } from 'next/navigation'
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react'
import { AdminApiError, adminMutation } from '@/client/admin/admin-api'
import { uploadSiteImage } from '@/client/admin/site-image-upload'
import { ACCENT_MIN_CONTRAST, contrastRatio, parseCssColor } from '@/isomorphic/colors'
import { type EditConflictData, isEditConflictData } from '@/isomorphic/contract/admin-edit'
import { SITE_IMAGE_ACCEPT, type SiteImageKind, type StoreSettings, TOKEN_AUTH_METHODS } from '@/isomorphic/contract/admin-settings'
import { EditConflictNotice } from './edit-conflict-notice'
import { Field, FormError, INPUT_CLASS, PRIMARY_BUTTON_CLASS, TextInput } from './form-fields'
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

function Check({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-1 size-4 accent-accent" />
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

export function StoreSettingsForm({ settings }: { settings: StoreSettings }) {
  const router = useRouter()
  const [error, setError] = useState<string | null>(null)
  const [conflict, setConflict] = useState<{ message: string; data: EditConflictData } | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)
  const [accent, setAccent] = useState(settings.accentColor ?? '')
  // The version this page's next save is based on: the one read, then each save's own.
  const [version, setVersion] = useState(settings.version)
  const [images, setImages] = useState(settings.images)
  const [pictureBusy, setPictureBusy] = useState(false)
  const [pictureNote, setPictureNote] = useState<string | null>(null)
  const contrast = accent.trim() ? contrastOnAccent(accent.trim()) : null

  function failed(failure: unknown) {
    if (failure instanceof AdminApiError && failure.status === 409 && isEditConflictData(failure.data)) setConflict({ message: failure.message, data: failure.data })
    else setError(failure instanceof AdminApiError ? failure.message : 'Something went wrong. Please try again!')
  }

  async function changePicture(kind: SiteImageKind, file: File | null) {
    setPictureBusy(true)
    setError(null)
    setConflict(null)
    setSaved(false)
    setPictureNote(null)
    try {
      const answer = file ? await uploadSiteImage({ websiteId: settings.websiteId, version, kind, file }) : await adminMutation('settings.removeImage', { websiteId: settings.websiteId, version, kind })
      setVersion(answer.version)
      setImages(answer.images)
      const what = PICTURES.find((picture) => picture.kind === kind)!.title
      setPictureNote(file ? `${what} saved. The storefront shows it from its next page.` : `${what} removed. The storefront shows its default from its next page.`)
      router.refresh()
    } catch (failure) {
      failed(failure)
    } finally {
      setPictureBusy(false)
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const field = (name: string) => String(data.get(name) ?? '')
    setBusy(true)
    setError(null)
    setConflict(null)
    setSaved(false)
    try {
      const answer = await adminMutation('settings.save', {
        websiteId: settings.websiteId,
        version,
        name: field('name'),
        description: field('description'),
        contactEmail: field('contactEmail'),
        contactPhone: field('contactPhone'),
        lockBrowsing: data.get('lockBrowsing') === 'on',
        guestCheckout: data.get('guestCheckout') === 'on',
        accentColor: field('accentColor'),
        analyticsId: field('analyticsId'),
        leadTime: daySpanOf(field('leadTimeMin'), field('leadTimeMax')),
        sso: {
          label: field('ssoLabel'),
          issuer: field('ssoIssuer'),
          clientId: field('ssoClientId'),
          ...(field('ssoClientSecret') ? { clientSecret: field('ssoClientSecret') } : {}),
          scope: field('ssoScope'),
          tokenAuthMethod: field('ssoTokenAuthMethod') as (typeof TOKEN_AUTH_METHODS)[number],
        },
        recaptcha: {
          siteKey: field('recaptchaSiteKey').trim(),
          ...(field('recaptchaSecretKey').trim() ? { secretKey: field('recaptchaSecretKey').trim() } : {}),
        },
        cardPayments: {
          account: field('stripeAccount') === 'own' ? 'own' : 'install',
          ...(field('stripeSecretKey').trim() ? { secretKey: field('stripeSecretKey').trim() } : {}),
          ...(field('stripeWebhookSecret').trim() ? { webhookSecret: field('stripeWebhookSecret').trim() } : {}),
        },
      })
      setVersion(answer.version)
      setSaved(true)
      router.refresh()
    } catch (failure) {
      failed(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-card border border-line bg-white px-5">
      <div className="grid gap-3 pt-5">
        {conflict ? <EditConflictNotice message={conflict.message} conflict={conflict.data} /> : null}
        <FormError message={error} />
        {saved ? (
          <p role="status" className="rounded-md border border-accent/40 bg-soft px-3 py-2 text-sm">
            Settings saved. The storefront shows them from its next page.
          </p>
        ) : null}
      </div>

      <Section title="Store" description={`What shoppers see as the store’s name (in the header, page titles and mails). Store code: ${settings.code}.`}>
        <Field label="Store name">
          <TextInput name="name" required maxLength={120} defaultValue={settings.name} />
        </Field>
        <Field label="Description" hint="Shown to search engines and in shared links.">
          <textarea name="description" rows={3} maxLength={2000} defaultValue={settings.description} className={INPUT_CLASS} />
        </Field>
      </Section>

      <Section title="Logo and pictures" description="The store’s logo, the browser tab’s icon and the picture of shared links. PNG, JPEG, WebP or SVG (cleaned of scripts and drawn as a picture), up to 5 MB each; saved as soon as you choose a file.">
        {pictureNote ? (
          <p role="status" className="rounded-md border border-accent/40 bg-soft px-3 py-2 text-sm">
            {pictureNote}
          </p>
        ) : null}
        {PICTURES.map((picture) => (
          <PictureField key={picture.kind} picture={picture} url={images[picture.kind]} busy={pictureBusy} onUpload={(kind, file) => void changePicture(kind, file)} onRemove={(kind) => void changePicture(kind, null)} />
        ))}
      </Section>

      <Section title="Contact" description="Shown in the footer and in the shopper’s mails.">
        <Field label="Contact email">
          <TextInput name="contactEmail" type="email" defaultValue={settings.contactEmail ?? ''} placeholder="orders@example.com" />
        </Field>
        <Field label="Contact phone">
          <TextInput name="contactPhone" type="tel" maxLength={40} defaultValue={settings.contactPhone ?? ''} />
        </Field>
      </Section>

      <Section title="Access" description="Who may browse the store and who may buy.">
        <Check name="lockBrowsing" label="Lock browsing" hint="Visitors who are not signed in see only the public pages and are sent to sign in." defaultChecked={settings.lockBrowsing} />
        <Check name="guestCheckout" label="Guest checkout" hint="Shoppers may order without an account. Off: a company store where everyone signs in." defaultChecked={settings.guestCheckout} />
      </Section>

      <Section title="Look" description="The colour of the storefront’s buttons, links and focus rings. Leave empty for the theme’s.">
        <Field label="Accent colour" hint={`A CSS colour like #0b6e5f. White text on it must read well (${ACCENT_MIN_CONTRAST}:1 or more).`}>
          <span className="mt-1 flex items-center gap-3">
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={/^#[0-9a-f]{6}$/i.test(accent) ? accent : '#0b6e5f'}
              onChange={(event) => setAccent(event.target.value)}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-line bg-white"
            />
            <TextInput name="accentColor" value={accent} onChange={(event) => setAccent(event.target.value)} placeholder="#0b6e5f" className="mt-0 font-mono" />
          </span>
        </Field>
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
          <Field label="From (business days)">
            <TextInput name="leadTimeMin" type="number" min={0} max={120} step={1} inputMode="numeric" defaultValue={settings.leadTime?.minDays ?? ''} />
          </Field>
          <Field label="To (business days)">
            <TextInput name="leadTimeMax" type="number" min={0} max={120} step={1} inputMode="numeric" defaultValue={settings.leadTime?.maxDays ?? ''} />
          </Field>
        </div>
      </Section>

      <Section title="Analytics" description="Google Analytics 4: page views and the shop’s events. Leave empty for none (or the install’s default).">
        <Field label="Measurement id">
          <TextInput name="analyticsId" defaultValue={settings.analyticsId ?? ''} placeholder="G-XXXXXXXXXX" className="font-mono" />
        </Field>
      </Section>

      <Section title="Single sign-on" description="Employees sign in with the company’s OpenID Connect provider. Leave the button label empty to turn it off.">
        <Field label="Sign-in button label" hint="For example “Sign in with Acme”.">
          <TextInput name="ssoLabel" maxLength={60} defaultValue={settings.sso.label ?? ''} />
        </Field>
        <Field label="Issuer" hint="The provider’s address, https://…">
          <TextInput name="ssoIssuer" type="url" defaultValue={settings.sso.issuer} placeholder="https://login.example.com" />
        </Field>
        <Field label="Client id">
          <TextInput name="ssoClientId" defaultValue={settings.sso.clientId} autoComplete="off" />
        </Field>
        <Field label="Client secret" hint={settings.sso.clientSecretSet ? 'A secret is stored. It is never shown; type a new one only to replace it.' : 'No secret stored yet.'}>
          <TextInput name="ssoClientSecret" type="password" autoComplete="new-password" placeholder={settings.sso.clientSecretSet ? '•••••••• (stored)' : ''} />
        </Field>
        <Field label="Scope" hint="Empty: openid email profile.">
          <TextInput name="ssoScope" defaultValue={settings.sso.scope} />
        </Field>
        <Field label="Client authentication">
          <select name="ssoTokenAuthMethod" defaultValue={settings.sso.tokenAuthMethod} className={INPUT_CLASS}>
            {TOKEN_AUTH_METHODS.map((method) => (
              <option key={method} value={method}>
                {method === 'client_secret_basic' ? 'HTTP Basic (client_secret_basic)' : 'In the form (client_secret_post)'}
              </option>
            ))}
          </select>
        </Field>
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
        <Field label="Site key" hint="From the reCAPTCHA v3 site in Google’s admin console; it is public (the browser uses it).">
          <TextInput name="recaptchaSiteKey" defaultValue={settings.recaptcha.siteKey} autoComplete="off" className="font-mono" />
        </Field>
        <Field label="Secret key" hint={settings.recaptcha.secretKeySet ? 'A secret key is stored. It is never shown; type a new one only to replace it.' : 'No secret key stored yet.'}>
          <TextInput name="recaptchaSecretKey" type="password" autoComplete="new-password" placeholder={settings.recaptcha.secretKeySet ? '•••••••• (stored)' : ''} className="font-mono" />
        </Field>
      </Section>

      <Section
        title="Card payments (Stripe)"
        description={`A card payment method takes payments through Stripe. This store can use its own Stripe account, or ${settings.cardPayments.installKeys ? 'the install’s' : 'the install’s (none is set up: card payments are off until one is)'}.`}
      >
        <Field label="Stripe account">
          <select name="stripeAccount" defaultValue={settings.cardPayments.ownAccount ? 'own' : 'install'} className="mt-1 block w-full rounded-md border border-line bg-white px-3 py-2 text-sm">
            <option value="install">The install’s account</option>
            <option value="own">This store’s own account</option>
          </select>
        </Field>
        <Field label="Secret key" hint={settings.cardPayments.ownAccount ? 'A key is stored. It is never shown; type a new one only to replace it.' : 'From the Stripe dashboard: Developers → API keys (sk_live_… or a restricted rk_… key).'}>
          <TextInput name="stripeSecretKey" type="password" autoComplete="new-password" placeholder={settings.cardPayments.ownAccount ? '•••••••• (stored)' : ''} className="font-mono" />
        </Field>
        <Field
          label="Webhook signing secret"
          hint={`In that Stripe account, add a webhook endpoint at this store’s address + ${settings.cardPayments.webhookPath} for the checkout.session events, then paste its signing secret (whsec_…).`}
        >
          <TextInput name="stripeWebhookSecret" type="password" autoComplete="new-password" placeholder={settings.cardPayments.ownAccount ? '•••••••• (stored)' : ''} className="font-mono" />
        </Field>
      </Section>

      <div className="sticky bottom-0 -mx-5 flex justify-end gap-3 border-t border-line bg-white/95 px-5 py-3 backdrop-blur">
        <button type="submit" className={PRIMARY_BUTTON_CLASS} disabled={busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
      </div>
    </form>
  )
}
