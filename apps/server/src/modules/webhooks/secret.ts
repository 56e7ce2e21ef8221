import type { SecretBox } from '../../lib/secrets';

/**
 * The signing secret is sealed like every stored secret (lib/secrets.ts), but to a fixed binding: it is
 * never sent anywhere (receivers get signatures, not the secret), so a changed URL does not put it at risk
 * and need not make the admin type it again.
 */
const BINDING = JSON.stringify(['webhook-signing-secret']);

export const sealWebhookSecret = (secrets: SecretBox, plain: string) => secrets.seal(plain, BINDING);
export const openWebhookSecret = (secrets: SecretBox, sealed: string) => secrets.open(sealed, BINDING);
