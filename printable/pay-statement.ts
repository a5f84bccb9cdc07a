/**
 * The printable pay statement (payroll/paystubs): a flowing pdfmake document of tables, not a
 * positioned layout over an official page as the tax forms are, since its earnings, tax and
 * deduction lines vary in number (the schema bounds them: 20, 20 and 30). Pure: the record and the
 * names in, the document definition out. It prints no SSN and no account number: a deposit shows
 * its account's last four digits only, which is all the record holds.
 */
import { epochToUs } from '../engine/masks.ts';
import { accountEnding, dollars } from '../engine/money.ts';
import type { PayrollPaystubs } from '../types/generated/payroll/paystubs.ts';
import { familyFor } from './fonts.ts';

export interface PayStatementInput {
  organization: { name?: string; city?: string; state?: string };
  /** The employee's name as their employee record (or account) gives it. */
  employeeName: string;
  paystub: PayrollPaystubs;
}

type Node = Record<string, unknown>;

export const PAY_STATEMENT_TITLE = 'Pay statement';

/** A text in Helvetica, or in Roboto when it has characters Helvetica cannot print. */
function text(value: string, style: Node = {}): Node {
  return { text: value, font: familyFor('sans', value), ...style };
}

const head = (value: string, right = false) =>
  text(value, { bold: true, fillColor: '#eeeeee', ...(right ? { alignment: 'right' } : {}) });
const amount = (v: unknown, style: Node = {}) => text(dollars(v), { alignment: 'right', ...style });
const figure = (v: unknown, digits: number) =>
  text(
    typeof v === 'number' ? v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: digits }) : '',
    {
      alignment: 'right',
    },
  );

function table(widths: (string | number)[], rows: Node[][]): Node {
  return {
    table: { headerRows: 1, widths, body: rows, dontBreakRows: true },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 12],
  };
}

function section(title: string): Node {
  return text(title, { bold: true, fontSize: 11, margin: [0, 4, 0, 0] });
}

function earningsTable(p: PayrollPaystubs): Node[] {
  const lines = p.earnings ?? [];
  return [
    section('Earnings'),
    table(
      ['*', 50, 60, 75, 75],
      [
        [
          head('Description'),
          head('Hours', true),
          head('Rate', true),
          head('Current', true),
          head('Year to date', true),
        ],
        ...lines.map((l) => [
          text(l.description),
          figure(l.hours, 2),
          figure(l.rate, 4),
          amount(l.current),
          amount(l.ytd),
        ]),
        [
          text('Gross pay', { bold: true }),
          text(''),
          text(''),
          amount(p.gross_pay, { bold: true }),
          amount(p.gross_pay_ytd, { bold: true }),
        ],
      ],
    ),
  ];
}

function linesTable(
  title: string,
  lines: { description: string; current: number; ytd?: number }[],
  total: number,
  totalLabel: string,
): Node[] {
  return [
    section(title),
    table(
      ['*', 75, 75],
      [
        [head('Description'), head('Current', true), head('Year to date', true)],
        ...(lines.length ? lines : []).map((l) => [text(l.description), amount(l.current), amount(l.ytd)]),
        [text(totalLabel, { bold: true }), amount(total, { bold: true }), text('')],
      ],
    ),
  ];
}

function depositsTable(p: PayrollPaystubs): Node[] {
  const deposits = p.deposits ?? [];
  if (!deposits.length) return [text('Net pay was paid by check.', { margin: [0, 4, 0, 0] })];
  return [
    section('Deposits'),
    table(
      ['*', 75],
      [
        [head('Account'), head('Amount', true)],
        ...deposits.map((d) => [text(`${d.account_type} ${accountEnding(d.account_last4)}`), amount(d.amount)]),
      ],
    ),
  ];
}

/** The facts at the top: who, when, which statement. */
function facts(input: PayStatementInput): Node {
  const p = input.paystub;
  const row = (label: string, value: string) => [text(label, { color: '#555555' }), text(value, { bold: true })];
  const rows = [
    row('Employee', input.employeeName),
    row('Pay date', epochToUs(p.pay_date)),
    row('Pay period', `${epochToUs(p.period_start)} to ${epochToUs(p.period_end)}`),
    row('Check or statement number', p.statement_number),
  ];
  if (p.pay_frequency) rows.push(row('Pay frequency', p.pay_frequency));
  return { table: { widths: [130, '*'], body: rows }, layout: 'noBorders', margin: [0, 8, 0, 8] };
}

function companyBlock(org: PayStatementInput['organization']): Node[] {
  const place = [org.city, org.state].filter((x): x is string => typeof x === 'string' && x !== '').join(', ');
  return [text(org.name ?? '', { bold: true, fontSize: 14 }), ...(place ? [text(place)] : [])];
}

function netPayBox(p: PayrollPaystubs): Node {
  return {
    table: {
      widths: ['*', 'auto'],
      body: [[text('Net pay', { bold: true, fontSize: 13 }), amount(p.net_pay, { bold: true, fontSize: 13 })]],
    },
    layout: { hLineWidth: () => 1, vLineWidth: () => 0 },
    margin: [0, 0, 0, 12],
  };
}

/** The pdfmake document of one pay statement; `pages` is told the page count once pdfmake knows it. */
export function payStatementDoc(input: PayStatementInput, pages?: (count: number) => void): Record<string, unknown> {
  const p = input.paystub;
  return {
    pageSize: 'LETTER',
    pageMargins: [40, 40, 40, 50],
    info: {
      title: PAY_STATEMENT_TITLE,
      subject: PAY_STATEMENT_TITLE,
      author: 'dform',
      creator: 'dform',
      producer: 'dform',
    },
    defaultStyle: { font: 'Helvetica', fontSize: 9 },
    footer: (current: number, count: number) => {
      pages?.(count);
      return text(`${PAY_STATEMENT_TITLE} ${p.statement_number}, page ${current} of ${count}`, {
        fontSize: 7,
        color: '#555555',
        margin: [40, 20, 40, 0],
      });
    },
    content: [
      {
        columns: [
          { stack: companyBlock(input.organization), width: '*' },
          text(PAY_STATEMENT_TITLE, { bold: true, fontSize: 16, alignment: 'right', width: 'auto' }),
        ],
      },
      facts(input),
      netPayBox(p),
      ...earningsTable(p),
      ...linesTable('Taxes', p.taxes ?? [], p.total_taxes, 'Total taxes'),
      ...linesTable('Deductions', deductionLines(p), p.total_deductions, 'Total deductions'),
      summary(p),
      ...depositsTable(p),
    ],
  };
}

/** Deductions taken before taxes say so in their description, as a statement reader expects. */
function deductionLines(p: PayrollPaystubs) {
  return (p.deductions ?? []).map((d) => ({
    ...d,
    description: d.pre_tax ? `${d.description} (before taxes)` : d.description,
  }));
}

function summary(p: PayrollPaystubs): Node {
  return {
    stack: [
      section('Summary'),
      table(
        ['*', 75, 75],
        [
          [head(''), head('Current', true), head('Year to date', true)],
          [text('Gross pay'), amount(p.gross_pay), amount(p.gross_pay_ytd)],
          [text('Taxes'), amount(p.total_taxes), text('')],
          [text('Deductions'), amount(p.total_deductions), text('')],
          [text('Net pay', { bold: true }), amount(p.net_pay, { bold: true }), amount(p.net_pay_ytd, { bold: true })],
        ],
      ),
    ],
    unbreakable: true,
  };
}
