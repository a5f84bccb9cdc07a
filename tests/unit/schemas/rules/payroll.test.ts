/** The rules of the schemas of schemas/payroll/: one fixture per entity in ./payroll/. */
import { describeModuleRules } from './harness.ts';

await describeModuleRules('payroll');
