/** auth/organization_preferences: the rules of schemas/auth/organization_preferences.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { phoneMsg } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/organization_preferences',
  valid: {
    module: 'auth',
    attributes: {
      email: 'hello@acme.example',
      business_name: 'Acme Widgets',
      phone: '2175550123',
      website: 'acme.example',
      colorPrimary: '002d50',
      colorSecondary: 'bfc0c0',
      colorAccent: '588326',
    },
  },
  cases: [
    {
      name: 'colour with a hash',
      patch: { attributes: { colorPrimary: '#002d50' } },
      errors: [{ path: '/attributes/colorPrimary', message: "Colours are 6 hex digits without '#'." }],
    },
    {
      name: 'colour of 3 digits',
      patch: { attributes: { colorAccent: 'fff' } },
      errors: [{ path: '/attributes/colorAccent', message: "Colours are 6 hex digits without '#'." }],
    },
    {
      name: 'website with a scheme',
      patch: { attributes: { website: 'https://acme.example' } },
      errors: [{ path: '/attributes/website', message: 'Website must be a host name such as example.com.' }],
    },
    { name: 'website emptied (cleared)', patch: { attributes: { website: '' } }, errors: [] },
    { name: 'business phone of 9 digits', patch: { attributes: { phone: '217555012' } }, errors: [{ path: '/attributes/phone', message: phoneMsg }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'auth/organization_preferences',
    name: "colours lose their '#' and are lower-cased, the website its scheme",
    kind: 'save',
    input: { module: 'auth', attributes: { colorPrimary: '#002D50', website: 'https://Acme.example/', colorAccent: '588326' } },
    output: { module: 'auth', attributes: { colorPrimary: '002d50', website: 'acme.example', colorAccent: '588326' } },
  },
  {
    entity: 'auth/organization_preferences',
    name: 'a business phone typed with spaces keeps its digits (spec/000 section 5)',
    kind: 'save',
    input: { module: 'auth', attributes: { phone: ' 217 555 0123 ' } },
    output: { module: 'auth', attributes: { phone: '2175550123' } },
  },
];

export default { table, transforms } satisfies EntityRules;
