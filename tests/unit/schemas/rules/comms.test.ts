/** The rules of the schemas of schemas/comms/: one fixture per entity in ./comms/. */
import { describeModuleRules } from './harness.ts';

await describeModuleRules('comms');
