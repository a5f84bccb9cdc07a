/**
 * The homes' and the menu's pure rules (docs/journeys.md): headings in title case, an employee's own
 * records in the journey's order, who is offered work queues and the generic lists, the words for
 * hire statuses and step states.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { titleCase } from '../../../renderers/format/title-case.ts';
import { buildNav, ownRecords, registerNavSection, navSections } from '../../../renderers/layouts/nav.ts';
import type { CatalogueEntry } from '../../../renderers/api/types.ts';
import { managesOnboarding, usesRecordLists } from '../../../renderers/layouts/roles.ts';
import { dueLabel, statusLabel, STEP_ACTIONS, STEP_LABELS, stepPath } from '../../../renderers/pages/home/labels.ts';
import type { GuardSession } from '../../../renderers/guard/decide.ts';

const session = (permissions: string[], extra: Partial<GuardSession> = {}): GuardSession => ({
  exp: 0,
  status: 'active',
  isAdmin: false,
  isEmployee: true,
  employeeId: '1',
  permissions: new Set(permissions),
  features: {},
  ...extra,
});

describe('titles', () => {
  it('title case from the schema title, short joining words kept small, form names kept', () => {
    assert.equal(titleCase('Form W-4'), 'Form W-4');
    assert.equal(titleCase('Basic information'), 'Basic Information');
    assert.equal(titleCase('Request for taxpayer identification'), 'Request for Taxpayer Identification');
    assert.equal(titleCase('organization settings'), 'Organization Settings');
  });
  it('plain words for statuses and states', () => {
    assert.equal(statusLabel('pending_approval'), 'Pending approval');
    assert.equal(STEP_LABELS.waiting_employer, 'Waiting for the employer');
    assert.equal(STEP_ACTIONS.needs_signing_again, 'Sign again');
  });
  it('a step past its due day says "Overdue" in words; one not late says when it is due', () => {
    const day = Date.UTC(2026, 10, 20) / 1000;
    assert.equal(dueLabel({ due: day, overdue: true }), 'Overdue: due 11/20/2026');
    assert.equal(dueLabel({ due: day, overdue: false }), 'Due by 11/20/2026');
    assert.equal(dueLabel({ due: day }), 'Due by 11/20/2026');
    assert.equal(dueLabel({}), '');
  });
});

describe('the menu', () => {
  it("an employee's own records: the journey's forms in its order, then the employment record, nothing else", () => {
    const links = [
      { to: '/auth/my_user_options/edit/u', label: 'User options' },
      { to: '/payroll/my_w4/edit/u', label: 'Form W-4' },
      { to: '/payroll/my_employee/view/u', label: 'Employee' },
      { to: '/payroll/my_basic_info/edit/u', label: 'Basic information' },
      { to: '/hr/my_employee_documents/edit/u', label: 'Employee document' },
    ];
    assert.deepEqual(
      ownRecords(links, ['basic_info', 'w4']).map((l) => l.label),
      ['Basic information', 'Form W-4', 'Employee'],
    );
  });

  it('a type that asks for a place under My records (x-my-menu) offers its list there, after the employment record', () => {
    const entry = (type: string, plural: string, mine?: boolean): CatalogueEntry => ({
      module: 'hr',
      type,
      title: plural,
      plural,
      can: { list: true, read: true, create: false, edit: false, delete: false },
      ...(mine ? { mine } : {}),
    });
    const nav = buildNav(
      [
        entry('training_records', 'Training records', true),
        entry('employee_documents', 'Employee documents'),
        { ...entry('my_employee', 'Employee'), module: 'payroll', can: { ...entry('x', 'x').can, list: false } },
      ],
      'u',
    );
    const mine = nav.find((g) => g.module === 'mine')!;
    assert.deepEqual(
      ownRecords(mine.links, []).map((l) => [l.label, l.to]),
      [
        ['Employee', '/payroll/my_employee/view/u'],
        ['Training records', '/hr/training_records/list'],
      ],
    );
  });

  it('work queues for those who manage onboarding or payroll data; the generic lists for anyone who manages something', () => {
    const employee = session(['PAYROLL:CanUseModule', 'HR:CanUseModule', 'TIME:CanUsePTO']);
    assert.equal(managesOnboarding(employee), false);
    assert.equal(usesRecordLists(employee), false);
    const onboarder = session(['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding']);
    assert.equal(managesOnboarding(onboarder), true);
    assert.equal(usesRecordLists(onboarder), true);
    const userAdmin = session(['AUTH:CanManageUsers']);
    assert.equal(managesOnboarding(userAdmin), false);
    assert.equal(usesRecordLists(userAdmin), true);
    assert.equal(managesOnboarding(session([], { isAdmin: true })), true);
  });

  it('other areas register sections, replaced by id, in their order', () => {
    registerNavSection({ id: 'b', label: 'B', order: 50, show: () => true, links: () => [] });
    registerNavSection({ id: 'a', label: 'A', order: 40, show: () => true, links: () => [] });
    registerNavSection({ id: 'b', label: 'B2', order: 50, show: () => true, links: () => [] });
    const mine = navSections().filter((x) => x.id === 'a' || x.id === 'b');
    assert.deepEqual(
      mine.map((x) => x.label),
      ['A', 'B2'],
    );
  });

  it('a checklist step opens the own form, walking', () => {
    const item = {
      module: 'payroll',
      type: 'w4',
      my_type: 'my_w4',
      title: 'Form W-4',
      task: 'W-4',
      state: 'not_started' as const,
    };
    assert.equal(stepPath(item, 'u1'), '/payroll/my_w4/edit/u1?walk=onboarding');
    assert.equal(stepPath(item, 'u1', false), '/payroll/my_w4/edit/u1');
  });
});
