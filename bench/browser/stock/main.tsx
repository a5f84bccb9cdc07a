/**
 * The benchmark's baseline: a schema rendered by plain @rjsf/core with @rjsf/validator-ajv8, used as
 * its documentation shows (a controlled form: formData in state, set on every change). The schema
 * and data arrive in `window.__BENCH_INPUT__` (set by bench/browser/run.ts before the page loads).
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

interface BenchInput {
  schema: RJSFSchema;
  formData: Record<string, unknown>;
}

declare global {
  interface Window {
    __BENCH_INPUT__?: BenchInput;
  }
}

function StockForm({ input }: { input: BenchInput }) {
  const [formData, setFormData] = useState(input.formData);
  return (
    <Form
      schema={input.schema}
      formData={formData}
      validator={validator}
      onChange={(e) => setFormData(e.formData as Record<string, unknown>)}
    />
  );
}

const root = document.getElementById('root')!;
const input = window.__BENCH_INPUT__;
if (!input) root.textContent = 'stock page: no __BENCH_INPUT__ (open it through bench/browser/run.ts)';
else
  createRoot(root).render(
    <StrictMode>
      <StockForm input={input} />
    </StrictMode>,
  );
