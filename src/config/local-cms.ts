// The local CMS's configuration (`npm run cms`: scripts/local-cms/main.ts): the Drupal JSON:API
// look-alike on its snapshot, with an editor account for writes and a webhook to the publisher.
// An empty variable counts as unset; a bad value stops it naming the setting.
import { z } from 'zod';
import { parseSettings, withoutEmpty, type Environment } from './settings.ts';

const wholeNumber = z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0);

const localCmsSchema = z.object({
  CMS_PORT: wholeNumber.max(65535).default(4322).describe('Port of `npm run cms`.'),
  LOCAL_CMS_SCALE: wholeNumber
    .default(0)
    .describe('Programs per language the snapshot is multiplied to (benchmarks); 0 keeps it as it is.'),
  LOCAL_CMS_FAULTS: z
    .string()
    .optional()
    .describe('Faults to inject (slow answers, failures; see scripts/local-cms/README.md). Unset: none.'),
  LOCAL_CMS_WEBFORM_DIR: z
    .string()
    .optional()
    .describe('Folder where the Webform endpoint keeps what it receives. Unset: kept in memory only.'),
  CMS_USER: z
    .string()
    .optional()
    .describe(
      'Editor account: writes (PATCH, POST, DELETE) with basic auth, and unpublished content. Unset: read-only.',
    ),
  CMS_PASSWORD: z.string().default('').describe("The editor account's password."),
  WEBHOOK_URL: z
    .string()
    .url()
    .optional()
    .describe("Where each write is announced (the service's `/hooks/cms`), signed with WEBHOOK_SECRET. Unset: none."),
  WEBHOOK_SECRET: z.string().optional().describe('HMAC secret of the webhook (the same as the service’s).'),
});

/** The local CMS's settings, for scripts/config-doc.ts. */
export { localCmsSchema };

export type LocalCmsConfig = z.infer<typeof localCmsSchema>;

export function parseLocalCmsConfig(env: Environment): LocalCmsConfig {
  return parseSettings(localCmsSchema, withoutEmpty(env));
}

/** The local CMS's settings from this process's environment. */
export function localCmsConfig(): LocalCmsConfig {
  return parseLocalCmsConfig(process.env);
}
