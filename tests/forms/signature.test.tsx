/**
 * The signature panel: its flow as a pure reducer, the agreement text, and each story of the card,
 * the dialog design, the Sign Here button and the signature field rendered to HTML.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { renderToStaticMarkup } from 'react-dom/server';
import { AGREEMENT_TITLE, agreementSections } from '../../forms/signature/agreement.ts';
import { previewFontSize, signatureFontFamily } from '../../forms/signature/signature-fonts.ts';
import {
  canSubmitSignature,
  initialSignatureFlow,
  isSigned,
  signatureFlow,
  signedOn,
  toSignatureValue,
  type SignatureFlow,
} from '../../forms/signature/signature-flow.ts';
import { SignatureItemContent } from '../../forms/signature/SignatureItem.tsx';
import { envFromServices, FormsEnvProvider } from '../../forms/env.tsx';
import * as Agreement from '../../stories/forms/AgreementDialog.stories.tsx';
import * as Pad from '../../stories/forms/DrawnSignaturePad.stories.tsx';
import * as Field from '../../stories/forms/SignatureField.stories.tsx';
import * as Form from '../../stories/forms/SignatureForm.stories.tsx';
import * as SignHere from '../../stories/forms/SignHereButton.stories.tsx';
import { renderStory, textOf } from './render-story.tsx';

const run = (actions: Parameters<typeof signatureFlow>[1][], from: SignatureFlow = initialSignatureFlow) =>
  actions.reduce(signatureFlow, from);

describe('signature flow', () => {
  it('opens and closes the agreement before consent', () => {
    assert.deepEqual(run([{ type: 'read' }]), { step: 'consent', reading: true });
    assert.deepEqual(run([{ type: 'read' }, { type: 'closeAgreement' }]), { step: 'consent', reading: false });
  });

  it('"I agree" closes the agreement and shows the name and the font toggle, font reset to font1', () => {
    assert.deepEqual(run([{ type: 'read' }, { type: 'agree' }]), { step: 'signing', name: '', font: 'font1' });
    const again = run([{ type: 'agree' }], { step: 'signing', name: 'Ana', font: 'font3' });
    assert.equal(again.step === 'signing' && again.font, 'font1');
  });

  it('ignores typing before consent', () => {
    assert.deepEqual(
      run([
        { type: 'name', name: 'Ana' },
        { type: 'font', font: 'font2' },
      ]),
      initialSignatureFlow,
    );
  });

  it('allows Submit only with a name (and a drawing in the drawn mode)', () => {
    const empty = run([{ type: 'agree' }]);
    assert.equal(canSubmitSignature(empty, 'typed'), false);
    // A name that looks blank names nobody: spaces of any kind, zero-width characters, punctuation alone.
    for (const blank of ['   ', '\u3000\u3000', '\u200B\u200B', '. -']) {
      assert.equal(
        canSubmitSignature(run([{ type: 'name', name: blank }], empty), 'typed'),
        false,
        JSON.stringify(blank),
      );
    }
    assert.equal(canSubmitSignature(run([{ type: 'name', name: '李小龍' }], empty), 'typed'), true);
    const named = run([{ type: 'name', name: 'Maria Garcia' }], empty);
    assert.equal(canSubmitSignature(named, 'typed'), true);
    assert.equal(canSubmitSignature(named, 'drawn'), false);
    assert.equal(canSubmitSignature(run([{ type: 'draw', image: 'data:image/png;base64,AA' }], named), 'drawn'), true);
    assert.equal(canSubmitSignature(initialSignatureFlow, 'typed'), false);
  });

  it('emits name, font, timestamp in Unix seconds and the user agent; image only when drawn', () => {
    const s = run([{ type: 'agree' }, { type: 'name', name: ' Maria Garcia ' }, { type: 'font', font: 'font2' }]);
    assert.deepEqual(toSignatureValue(s, 'typed', 1767312000, 'UA/1'), {
      name: 'Maria Garcia',
      font: 'font2',
      timestamp: 1767312000,
      userAgent: 'UA/1',
    });
    const drawn = run([{ type: 'draw', image: 'data:image/png;base64,AA' }], s);
    assert.equal(toSignatureValue(drawn, 'drawn', 1, 'UA')?.image, 'data:image/png;base64,AA');
    assert.equal(toSignatureValue(drawn, 'typed', 1, 'UA')?.image, undefined);
    assert.equal(toSignatureValue(initialSignatureFlow, 'typed', 1, 'UA'), undefined);
  });

  it('counts a signature only with a name and a time', () => {
    assert.equal(isSigned({ font: 'font1' }), false);
    assert.equal(isSigned({ name: '', timestamp: 1 }), false);
    assert.equal(isSigned({ name: 'Ana', timestamp: 1 }), true);
    assert.equal(isSigned(undefined), false);
  });

  it('previews at 26px in the card, 30px in the dialog, 23px for font3', () => {
    assert.equal(previewFontSize('font1', 'card'), 26);
    assert.equal(previewFontSize('font2', 'dialog'), 30);
    assert.equal(previewFontSize('font3', 'card'), 23);
    assert.equal(previewFontSize('font3', 'dialog'), 23);
    assert.match(signatureFontFamily('font1'), /Dancing Script/);
    assert.match(signatureFontFamily('font2'), /Great Vibes/);
    assert.match(signatureFontFamily('font3'), /Caveat/);
    assert.match(signatureFontFamily('nope'), /Dancing Script/);
  });
});

describe('agreement text', () => {
  const text = agreementSections('Acme Demo Inc.')
    .map((s) => [s.heading, s.text, ...(s.items ?? [])].join(' '))
    .join(' ');

  it('names the organization and covers every point of the spec', () => {
    assert.match(text, /Acme Demo Inc\./);
    for (const needed of [
      /Form I-9/,
      /Form W-4/,
      /other employment documents/,
      /updates/,
      /legally binding/,
      /internet/,
      /e-mail address/,
      /web browser/,
      /reads PDF files/,
      /paper copy .* at no cost/,
      /withdraw your consent/,
      /reasonable time to process/,
    ]) {
      assert.match(text, needed);
    }
  });

  it('says how the panel signs: typing a name, or drawing', () => {
    const binding = (mode?: 'typed' | 'drawn') =>
      agreementSections('Acme', mode).find((s) => s.heading === 'Your electronic signature is legally binding')!.text;
    assert.match(
      binding(),
      /^Typing your name, choosing how it looks and clicking "Submit" is your electronic signature/,
    );
    assert.doesNotMatch(binding(), /draw/i, 'a typed signature offers no drawing');
    assert.match(binding('drawn'), /^Drawing your signature and clicking "Submit"/);
  });

  it('falls back to a neutral name', () => {
    assert.match(agreementSections('  ')[0].text, /^your employer/);
  });
});

describe('SignatureForm stories', () => {
  const html = (s: keyof typeof Form) => renderStory(Form.default, Form[s] as never);

  it('card before consent: titled Signature Form, 400px wide, asks to read the agreement', () => {
    const h = html('CardBeforeConsent');
    assert.match(h, /Signature Form/);
    assert.match(h, /width:400px/);
    assert.match(textOf(h), /Click "Read Agreement" to continue/);
    assert.match(h, />Read Agreement</);
    assert.doesNotMatch(h, /Full Name/);
  });

  it('reading the agreement: its title, the organization, a 400px scroll area and the prompt to agree', () => {
    const h = html('CardReadingAgreement');
    assert.match(h, new RegExp(AGREEMENT_TITLE));
    assert.match(h, /role="dialog"/);
    assert.match(h, /Acme Demo Inc\./);
    assert.match(h, /height:400px;overflow-y:auto/);
    assert.match(textOf(h), /Click "I agree" below to continue/);
    assert.match(h, />I agree</);
  });

  it('after I agree: Full Name, Font 1/2/3 with font1 chosen, an X mark, Submit disabled while empty', () => {
    const h = html('CardAgreed');
    assert.match(h, /Full Name/);
    for (const f of ['Font 1', 'Font 2', 'Font 3']) assert.match(h, new RegExp(`>${f}<`));
    assert.match(h, /aria-checked="true"[^>]*>Font 1</);
    assert.match(h, /signature-preview__x[^>]*>X</);
    assert.match(h, /disabled=""[^>]*>Submit</);
  });

  it('with a name: Submit enabled and the preview in the chosen font and size', () => {
    const f1 = html('CardFont1');
    assert.doesNotMatch(f1, /disabled=""[^>]*>Submit</);
    assert.match(f1, /font-family:&#x27;Dancing Script&#x27;, cursive;font-size:26px[^>]*>Maria L\. Garcia</);
    assert.match(html('CardFont2'), /Great Vibes&#x27;, cursive;font-size:26px/);
    assert.match(html('CardFont3'), /Caveat&#x27;, cursive;font-size:23px/);
  });

  it('the dialog design previews at 30px without the X mark or the card', () => {
    const h = html('DialogDesign');
    assert.match(h, /font-size:30px/);
    assert.doesNotMatch(h, /signature-preview__x/);
    assert.doesNotMatch(h, /signature-card/);
  });

  it('the drawn mode shows a drawing pad instead of the font toggle', () => {
    const h = html('Drawn');
    assert.match(h, /<canvas/);
    assert.doesNotMatch(h, /Font 2/);
    assert.match(h, /disabled=""[^>]*>Submit</);
  });
});

describe('AgreementDialog, SignHereButton and DrawnSignaturePad stories', () => {
  it('the agreement dialog opens and closes', () => {
    assert.match(renderStory(Agreement.default, Agreement.Open), /Agreement for Electronic Forms and Signature/);
    assert.match(renderStory(Agreement.default, Agreement.NoOrganizationName), /your employer provides/);
  });

  it('the Sign Here button opens the Signature Form in a dialog', () => {
    const closed = renderStory(SignHere.default, SignHere.Closed);
    assert.match(closed, />Sign Here</);
    assert.doesNotMatch(closed, /role="dialog"/);
    assert.match(renderStory(SignHere.default, SignHere.CustomLabel), />Sign Form W-4</);
    const open = renderStory(SignHere.default, SignHere.OpenBeforeConsent);
    assert.match(open, /role="dialog"/);
    assert.match(open, /Signature Form/);
    assert.match(textOf(open), /Click "Read Agreement" to continue/);
    assert.match(renderStory(SignHere.default, SignHere.OpenSigning), /Caveat&#x27;, cursive;font-size:23px/);
  });

  it('the pad has a canvas and a Clear button', () => {
    assert.match(renderStory(Pad.default, Pad.Empty), /<canvas[^>]*aria-label="Signature drawing area"/);
    assert.match(renderStory(Pad.default, Pad.Disabled), /disabled=""[^>]*>Clear</);
  });
});

describe('SignatureField stories', () => {
  const html = (s: keyof typeof Field) => renderStory(Field.default, Field[s] as never);

  it('unsigned: a button labelled Signature Required that opens the card', () => {
    const h = html('Unsigned');
    assert.match(
      h,
      /<button[^>]*aria-haspopup="dialog"[^>]*><span class="signature-item__required">Signature Required</,
    );
    assert.match(h, /Signature of Employee/);
    assert.match(html('DefaultOnlyIsUnsigned'), /Signature Required/);
  });

  it('signed: the name in its font and the date', () => {
    const h = html('SignedTyped');
    assert.match(h, /Great Vibes[^>]*>Maria L\. Garcia</);
    assert.match(h, /Signed 01\/02\/2026/);
    assert.match(html('SignedDrawn'), /<img[^>]*src="data:image\/png;base64,/);
  });

  it('read-only: shown, not clickable', () => {
    const h = html('ReadOnly');
    assert.match(h, /signature-item--readonly/);
    assert.doesNotMatch(h, /aria-haspopup/);
    assert.match(html('ReadOnlyUnsigned'), /Signature Required/);
  });

  it('the card and button designs', () => {
    assert.match(html('CardDesign'), /Signature Form/);
    assert.match(html('ButtonDesign'), />Sign Here</);
    assert.match(textOf(html('DrawnMode')), /Click "Read Agreement" to continue/);
  });

  it('the item shows a custom label', () => {
    assert.match(
      renderToStaticMarkup(<SignatureItemContent value={undefined} label="Employer signature" />),
      /Employer signature/,
    );
  });
});

describe("a signature's date is the company's day", () => {
  // 06:00 UTC on November 28, 2026: 10 pm on the 27th in California, 1 am on the 28th in New York.
  const value = {
    name: 'Maria L. Garcia',
    font: 'font1' as const,
    userAgent: 'UA/1',
    timestamp: Date.parse('2026-11-28T06:00:00Z') / 1000,
  };
  const shown = (env: Parameters<typeof FormsEnvProvider>[0]['value']) =>
    textOf(
      renderToStaticMarkup(
        <FormsEnvProvider value={env}>
          <SignatureItemContent value={value} />
        </FormsEnvProvider>,
      ),
    );

  it('signed at 10 pm in California shows the Pacific date for a company there', () => {
    assert.ok(shown({ timeZone: 'America/Los_Angeles' }).includes('Signed 11/27/2026'));
    assert.ok(shown({ timeZone: 'America/New_York' }).includes('Signed 11/28/2026'));
    assert.equal(signedOn(value, 'America/Los_Angeles'), '11/27/2026');
  });

  it("the forms' environment takes the zone from the session's organization data", () => {
    const services = {
      org: { name: 'Acme' },
      auth: { session: { organization: { enabled_features: {}, data: { time_zone: 'America/Los_Angeles' } } } },
    } as unknown as Parameters<typeof envFromServices>[0];
    assert.equal(envFromServices(services).timeZone, 'America/Los_Angeles');
  });
});

describe('a signature on the read-only record view', () => {
  it('shows the typed name in its script font with the signing date, never the stored JSON', async () => {
    const View = await import('../../stories/screens/RecordView.stories.tsx');
    const html = renderStory(View.default, View.SignedTyped);
    const font = signatureFontFamily('font2').replace(/'/g, '&#x27;');
    assert.ok(html.includes(`<span class="signature-item__name" style="font-family:${font};font-size:26px">`), html);
    const text = textOf(html);
    assert.ok(text.includes('Maria L. Garcia Signed 01/02/2026'), text);
    assert.ok(!text.includes('userAgent') && !text.includes('font2') && !text.includes('timestamp'), text);
  });

  it('shows a drawn signature as its image with the date', async () => {
    const View = await import('../../stories/screens/RecordView.stories.tsx');
    const html = renderStory(View.default, View.SignedDrawn);
    assert.match(
      html,
      /<img class="signature-item__image" src="data:image\/png;base64,[^"]+" alt="Signature of Maria L. Garcia"/,
    );
    assert.ok(textOf(html).includes('Signed 01/02/2026'));
  });

  it("says 'Not signed' for a form without a signature", async () => {
    const View = await import('../../stories/screens/RecordView.stories.tsx');
    const html = renderStory(View.default, { args: { ...View.SignedTyped.args, data: { w4_year: '2020' } } });
    assert.ok(textOf(html).includes("Step 5 Employee's signature Not signed"), textOf(html));
  });
});
