/**
 * The entry point: `npm start` (add `-- --demo` to seed a demo company). Serves the API and the
 * web app on one port; stops cleanly on SIGINT/SIGTERM so the store is compacted and unlocked.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { separateCompanyAdmins } from './company-admins.ts';
import { configFromEnv } from './config.ts';
import { redact } from './http/log.ts';
import { describeDemo, seedDemo } from './demo.ts';
import { backfillSsnIndex } from './payroll/ssn-index.ts';
import { keepCreatorInData } from './data/creator-in-data.ts';
import { sealAtRest } from './data/seal-at-rest.ts';
import { keyCertificatesByState } from './payroll/certificates.ts';
import { seedStateForms } from './seed/state-forms/seed.ts';
import { openServices } from './services-factory.ts';
import type { Services } from './services.ts';
import { webApp } from './web.ts';
import { createSecureServer } from './http/security-headers.ts';
import { drain } from './http/drain.ts';
import { assertPortFree } from './http/port-free.ts';
import type { Server } from 'node:http';
import { exitOnUncaught } from './http/stack-trace.ts';
import { startSessionPurge } from './auth/sessions.ts';
import { startOutboxSender } from './mail/outbox.ts';
import { backfillPtoBalances } from './data/hooks/pto-balances.ts';
import { keepW4SignedOn } from './data/hooks/w4.ts';
import { claimHireValues } from './payroll/hire-claims.ts';
import { claimStoredValues } from './data/unique-claims.ts';
import { dropChannelOrphans } from './data/channel-orphans.ts';
import { startPtoAccruals } from './data/pto-accruals.ts';
import { startFileExpiry } from './files/expiry.ts';
import { countFileUsage } from './files/file-usage.ts';

// The bundle is CommonJS (no top-level await), which Node 20 loads ~33 ms faster than an ES module.
async function main(): Promise<void> {
  const config = configFromEnv();
  await assertPortFree(config.port, config.host);
  services = await openServices(config);
  // What the start creates when missing, one process at a time: processes started at once on an
  // empty database made a product organization and a demo company each.
  const s = services;
  const alone = <T>(work: () => Promise<T>) => (s.storage.alone ? s.storage.alone(work) : work());
  const demoOrg = await alone(async () => {
    const boot = await bootstrap(s);
    if (boot.created) {
      console.log(`dform: created the product organization ${boot.orgId}`);
      console.log(`dform: product-staff admin: ${boot.adminEmail}`);
      if (boot.generatedPassword)
        console.log(`dform: generated admin password (shown once): ${boot.generatedPassword}`);
    }
    const separated = await separateCompanyAdmins(s);
    if (separated) {
      console.log(
        `dform: ${separated} companies' product-staff accounts lost their password and e-mail; their admin e-mail now names an ordinary company administrator`,
      );
    }
    const seeded = await seedStateForms(s, boot.orgId);
    if (seeded.added) console.log(`dform: added ${seeded.added} state withholding form definitions`);
    if (seeded.updated)
      console.log(`dform: moved ${seeded.updated} state withholding form definitions onto the ones shipped now`);
    const demoOrg = process.argv.includes('--demo') ? await seedDemo(s, boot.orgId) : undefined;
    const indexed = await backfillSsnIndex(s);
    if (indexed) console.log(`dform: indexed the SSNs of ${indexed} employee records written before the SSN index`);
    const rekeyed = await keyCertificatesByState(s);
    if (rekeyed) console.log(`dform: keyed ${rekeyed} state withholding certificates by employee and state`);
    const sealedCount = await sealAtRest(s);
    if (sealedCount)
      console.log(
        `dform: sealed the sensitive values of ${sealedCount} records written before their fields were sensitive`,
      );
    const creators = await keepCreatorInData(s);
    if (creators)
      console.log(`dform: kept the creator of ${creators} records in their data, for the lists of what each user sent`);
    const balances = await backfillPtoBalances(s);
    if (balances)
      console.log(`dform: kept ${balances} PTO balances, summed from the ledgers written before balances were kept`);
    const signedOn = await keepW4SignedOn(s);
    if (signedOn) console.log(`dform: kept the day signed of ${signedOn} W-4s signed before it was kept`);
    const hireClaims = await claimHireValues(s);
    if (hireClaims)
      console.log(`dform: claimed the e-mails and SSNs of ${hireClaims} hires written before they were unique`);
    const profiles = await claimStoredValues(s, 'comms/comms_profiles', 'comms-profile-unique-claims');
    if (profiles) console.log(`dform: claimed the users of ${profiles} COMMS profiles written before one per person`);
    const orphans = await dropChannelOrphans(s);
    if (orphans) console.log(`dform: deleted ${orphans} memberships and requests of COMMS channels deleted before`);
    const usages = await countFileUsage(s);
    if (usages) console.log(`dform: counted the stored files of ${usages} companies, for their storage quotas`);
    return demoOrg;
  });
  // Sessions and single-use keys past their end are deleted at start and every 10 minutes.
  await startSessionPurge(services).first;
  // Messages a stopped process left unsent, or whose send failed, go out through one process's sender.
  outbox = startOutboxSender(services);
  // PTO accruals due are written now, in the background, and then every DFORM_PTO_ACCRUAL_SECONDS.
  accruals = startPtoAccruals(services);
  // Files past their expiry lose their bytes now and every DFORM_FILE_EXPIRY_SECONDS.
  expiry = startFileExpiry(services);
  const app = createApp(services, await webApp());
  server = serve(
    { fetch: app.fetch, port: config.port, hostname: config.host, createServer: createSecureServer },
    (info) => {
      // With PORT=0 the port is known only now; the links the server writes name it.
      config.port = info.port;
      if (demoOrg) for (const line of describeDemo({ config }, demoOrg)) console.log(`dform: ${line}`);
      console.log(`dform: listening on http://${config.host}:${info.port}`);
    },
  );
  // Taken between the check above and now: one line, and the store closed (its lock let go).
  server.once('error', (e: NodeJS.ErrnoException) => {
    console.error(redact(`dform: cannot start: port ${config.port} on ${config.host}: ${e.code ?? e.message}`));
    void stop(1);
  });
}

let services: Services | undefined;
let server: ReturnType<typeof serve> | undefined;
let outbox: ReturnType<typeof startOutboxSender> | undefined;
let accruals: ReturnType<typeof startPtoAccruals> | undefined;
let expiry: ReturnType<typeof startFileExpiry> | undefined;
let stopping = false;
/** How long a stop waits for the requests in flight: longer than any request but an upload stalled. */
const STOP_GRACE_MS = 10_000;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  // The requests in flight are answered before anything they need closes (./http/drain.ts).
  if (server) await drain(server as Server, STOP_GRACE_MS);
  await outbox?.stop();
  await accruals?.stop();
  await expiry?.stop();
  await services?.storage.close();
  process.exit(code);
};
exitOnUncaught();
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

main().catch(async (e: unknown) => {
  console.error(redact(`dform: cannot start: ${e instanceof Error ? e.message : String(e)}`));
  // A store opened before the failure lets its lock go, for the next start.
  await services?.storage.close().catch(() => undefined);
  process.exit(1);
});
