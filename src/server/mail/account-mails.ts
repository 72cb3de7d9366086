import { composeMail, describeDuration, type MailContent } from './mail-content'

// The mails of the account flows (decision 009). They name the store, never repeat what a stranger
// typed into a form (a sign-up name could be an advert sent to someone else's address), and say
// what to do when the reader did not ask for them.

export function signupLinkMail({ storeName, link, ttlSeconds }: { storeName: string; link: string; ttlSeconds: number }): MailContent {
  return composeMail({
    storeName,
    subject: `Finish creating your ${storeName} account`,
    blocks: [
      { text: `Someone, hopefully you, asked to create an account at ${storeName} with this email address.` },
      { text: `To finish creating your account, open this link within ${describeDuration(ttlSeconds)}. It works once.` },
      { link, label: 'Finish creating your account' },
      { text: 'If you did not ask for this, you can ignore this email: no account will be created.' },
    ],
  })
}

export function accountExistsMail({ storeName, loginLink, resetLink }: { storeName: string; loginLink: string; resetLink: string }): MailContent {
  return composeMail({
    storeName,
    subject: `You already have an account at ${storeName}`,
    blocks: [
      { text: `Someone, hopefully you, tried to create an account at ${storeName} with this email address, but an account already exists for it.` },
      { link: loginLink, label: 'Sign in' },
      { text: 'If you forgot your password, you can choose a new one:' },
      { link: resetLink, label: 'Reset your password' },
      { text: 'If you did not try to sign up, you can ignore this email: nothing has changed.' },
    ],
  })
}

export function passwordResetMail({ storeName, link, ttlSeconds }: { storeName: string; link: string; ttlSeconds: number }): MailContent {
  return composeMail({
    storeName,
    subject: `Reset your ${storeName} password`,
    blocks: [
      { text: `Someone, hopefully you, asked to reset the password of your ${storeName} account.` },
      { text: `To choose a new password, open this link within ${describeDuration(ttlSeconds)}. It works once.` },
      { link, label: 'Choose a new password' },
      { text: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
    ],
  })
}

export function passwordChangedMail({ storeName, resetLink }: { storeName: string; resetLink: string }): MailContent {
  return composeMail({
    storeName,
    subject: `Your ${storeName} password was changed`,
    blocks: [
      { text: `The password of your ${storeName} account was just changed, and your other signed-in devices were signed out.` },
      { text: 'If this was you, there is nothing more to do.' },
      { text: 'If it was not you, choose a new password now:' },
      { link: resetLink, label: 'Reset your password' },
    ],
  })
}

/** A store's invitation (issue 16): the console made the account; the link chooses its password. */
export function customerInviteMail({ storeName, name, link, ttlSeconds }: { storeName: string; name: string; link: string; ttlSeconds: number }): MailContent {
  return composeMail({
    storeName,
    subject: `Your ${storeName} account is ready`,
    blocks: [
      { text: `Hello ${name},` },
      { text: `An account at ${storeName} was made for you with this email address. Choose your password with this link within ${describeDuration(ttlSeconds)}; it works once.` },
      { link, label: 'Choose your password' },
      { text: `If the link has expired, use "Forgot password" on the sign-in page of ${storeName}. If you did not expect this mail, you can ignore it.` },
    ],
  })
}
