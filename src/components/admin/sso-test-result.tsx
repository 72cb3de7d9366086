import Link from 'next/link'
import type { ReactNode } from 'react'
import type { SsoTestResult, SsoTestStep } from '@/isomorphic/contract/admin-settings'
import { SsoTestButton } from './sso-test-button'

// What a single sign-on test sign-in brought back (issue 16): whether it worked and, if not, the
// step that failed with what to fix; the claims; the customer group the store's mapping gives them.

const STEP_LABELS: Record<SsoTestStep, string> = {
  discovery: 'Provider discovery',
  'provider sign-in': 'Sign-in at the provider',
  'token exchange': 'Code exchange for tokens',
  'ID token': 'ID token check',
  userinfo: 'Userinfo',
  email: 'Verified email',
  settings: 'Saved settings',
}

const FLOW: SsoTestStep[] = ['discovery', 'provider sign-in', 'token exchange', 'ID token', 'email']

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-card border border-line bg-white p-5">
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Steps({ result }: { result: SsoTestResult }) {
  const failed = result.failure?.step ?? null
  const steps: SsoTestStep[] = failed === 'userinfo' ? [...FLOW.slice(0, 4), 'userinfo'] : failed === 'settings' ? ['settings'] : FLOW
  const failedAt = failed ? steps.indexOf(failed) : -1
  return (
    <ol className="grid gap-1 text-sm">
      {steps.map((step, index) => {
        const state = failedAt < 0 || index < failedAt ? 'passed' : index === failedAt ? 'failed' : 'not reached'
        return (
          <li key={step} className="flex items-center gap-2">
            <span
              aria-hidden
              className={`inline-flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${state === 'passed' ? 'bg-accent text-white' : state === 'failed' ? 'bg-danger text-white' : 'bg-soft text-muted'}`}
            >
              {state === 'passed' ? '✓' : state === 'failed' ? '✕' : '·'}
            </span>
            <span className={state === 'not reached' ? 'text-muted' : ''}>
              {STEP_LABELS[step]} <span className="sr-only">: {state}</span>
              {state === 'not reached' ? <span className="text-muted"> — not reached</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

function Summary({ result }: { result: SsoTestResult }) {
  if (result.failure) {
    return (
      <div role="alert" className="rounded-card border border-danger/40 bg-red-50 p-5">
        <h2 className="text-lg font-semibold text-danger">The test sign-in failed at: {STEP_LABELS[result.failure.step]}</h2>
        <p className="mt-2 text-sm text-ink">{result.failure.message}</p>
        {result.failure.detail ? (
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-muted">The provider’s answer in detail</summary>
            <p className="mt-2 font-mono text-xs break-words text-ink">{result.failure.detail}</p>
          </details>
        ) : null}
      </div>
    )
  }
  const who = result.name ? `${result.name} (${result.email})` : result.email
  return (
    <div role="status" className="rounded-card border border-accent/40 bg-soft p-5">
      <h2 className="text-lg font-semibold">The test sign-in worked</h2>
      <p className="mt-2 text-sm">
        The provider signed in <strong>{who}</strong>. A shopper with this login would be signed in
        {result.group?.groupName ? (
          <>
            {' '}
            and placed in the customer group <strong>{result.group.groupName}</strong>
          </>
        ) : null}
        . Nobody was signed in to the store by this test.
      </p>
    </div>
  )
}

function GroupPanel({ result, websiteId }: { result: SsoTestResult; websiteId: number }) {
  const mapping = `/admin/allowances?store=${websiteId}`
  const { group } = result
  return (
    <Panel title="Customer group">
      {!group ? (
        <p className="text-sm text-muted">
          This store maps no claim to customer groups, so single sign-on leaves a member’s group as it is.{' '}
          <Link href={mapping} className="underline">
            Set up the mapping under Allowances
          </Link>
          .
        </p>
      ) : (
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Group claim</dt>
          <dd className="font-mono">{group.claim}</dd>
          <dt className="text-muted">Values received</dt>
          <dd>{group.values.length > 0 ? group.values.join(', ') : <span className="text-danger">The “{group.claim}” claim did not come back. Add it to the scope, or release it to this app at the provider.</span>}</dd>
          <dt className="text-muted">Mapped group</dt>
          <dd>
            {group.groupName ? (
              <>
                <strong>{group.groupName}</strong> (from “{group.matchedValue}”)
              </>
            ) : (
              <>
                None: no value matches the store’s mapping, so the member’s group would stay as it is.{' '}
                <Link href={mapping} className="underline">
                  Check the mapping
                </Link>
                .
              </>
            )}
          </dd>
        </dl>
      )}
    </Panel>
  )
}

export function SsoTestResultView({ result, websiteId }: { result: SsoTestResult | null; websiteId: number }) {
  if (!result) {
    return (
      <div className="grid gap-4 rounded-card border border-line bg-white p-5">
        <h2 className="text-lg font-semibold">No test result to show</h2>
        <p className="text-sm text-muted">
          A test’s result is kept for ten minutes, for the console member who ran it and in the browser they ran it in. Run the test again to see what the provider sends back.
        </p>
        <SsoTestButton websiteId={websiteId} />
      </div>
    )
  }
  const reachedClaims = result.claims.length > 0
  return (
    <div className="grid gap-5">
      <Summary result={result} />
      <div className="grid gap-5 lg:grid-cols-[18rem_1fr]">
        <Panel title="Steps">
          <Steps result={result} />
        </Panel>
        <Panel title="Claims that came back">
          {reachedClaims ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Claim
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {result.claims.map((claim) => (
                    <tr key={claim.name} className="border-b border-line last:border-b-0 align-top">
                      <th scope="row" className="py-2 pr-4 font-mono font-normal whitespace-nowrap">
                        {claim.name}
                      </th>
                      <td className="py-2 break-all">{claim.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {result.claimsLeftOut > 0 ? <p className="mt-2 text-xs text-muted">{result.claimsLeftOut} more claims are not shown.</p> : null}
            </div>
          ) : (
            <p className="text-sm text-muted">None: the test ended before the provider sent any.</p>
          )}
        </Panel>
      </div>
      {reachedClaims ? <GroupPanel result={result} websiteId={websiteId} /> : null}
      <Panel title="What was tested">
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Issuer</dt>
          <dd className="font-mono break-all">{result.issuer}</dd>
          <dt className="text-muted">Redirect address</dt>
          <dd>
            <span className="font-mono break-all">{result.redirectUri}</span>
            <span className="block text-xs text-muted">Register exactly this address for the client at the provider.</span>
          </dd>
          <dt className="text-muted">Tested</dt>
          <dd>
            <time dateTime={result.testedAt}>{new Date(result.testedAt).toUTCString()}</time>
          </dd>
        </dl>
        <div className="mt-4">
          <SsoTestButton websiteId={websiteId} label="Test again" />
        </div>
      </Panel>
    </div>
  )
}
