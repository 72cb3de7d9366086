'use client'

import { loadConsolePage } from '@/client/admin/admin-api'
import { useConsoleForm } from '@/client/admin/use-console-form'
import { ConsoleForm, FormField, SubmitButton } from './console-form'
import { TextInput } from './form-fields'

type InviteFields = { name: string; password: string; repeat: string }

/** The invitee chooses a name and password; then signs in with them. */
export function AcceptInviteForm({ token, name }: { token: string; name: string }) {
  const form = useConsoleForm({
    mutation: 'acceptStaffInvite',
    defaultValues: { name, password: '', repeat: '' } satisfies InviteFields,
    toValue: (fields: InviteFields) => ({ token, name: fields.name, password: fields.password }),
    check: (fields) => (fields.repeat !== fields.password ? { repeat: 'The two passwords are not the same.' } : null),
    onSaved: () => loadConsolePage('/admin/login'),
  })
  return (
    <ConsoleForm
      form={form}
      label="Accept the invitation"
      className="mt-6 space-y-4"
      actions={
        <div className="[&>button]:w-full">
          <SubmitButton form={form}>Accept and continue to sign in</SubmitButton>
        </div>
      }
    >
      <FormField form={form} name="name" label="Your name">
        <TextInput {...form.register('name')} autoComplete="name" required maxLength={200} />
      </FormField>
      <FormField form={form} name="password" label="Password" hint="At least 8 characters.">
        <TextInput {...form.register('password')} type="password" autoComplete="new-password" required minLength={8} />
      </FormField>
      <FormField form={form} name="repeat" label="Password again">
        <TextInput {...form.register('repeat')} type="password" autoComplete="new-password" required minLength={8} />
      </FormField>
    </ConsoleForm>
  )
}
