/** The rules of the schemas of schemas/time/: one fixture per entity in ./time/. */
import { describeModuleRules } from './harness.ts';

await describeModuleRules('time');
