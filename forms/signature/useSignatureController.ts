/**
 * The signature panel's controller: the flow state, the organization named by the agreement and the
 * actions; Submit stamps the time and user agent from the forms environment.
 */
import { useReducer } from 'react';
import { useFormsEnv } from '../env.tsx';
import type { SignatureFont } from './signature-fonts.ts';
import {
  canSubmitSignature,
  initialSignatureFlow,
  signatureFlow,
  toSignatureValue,
  type SignatureFlow,
  type SignatureMode,
  type SignatureValue,
} from './signature-flow.ts';

export interface SignatureController {
  state: SignatureFlow;
  organizationName: string;
  canSubmit: boolean;
  readAgreement(): void;
  closeAgreement(): void;
  agree(): void;
  setName(name: string): void;
  setFont(font: SignatureFont): void;
  setImage(image: string | undefined): void;
  submit(): void;
}

export function useSignatureController(
  mode: SignatureMode,
  onSubmit: (value: SignatureValue) => void,
  initial: SignatureFlow = initialSignatureFlow,
): SignatureController {
  const env = useFormsEnv();
  const [state, dispatch] = useReducer(signatureFlow, initial);
  return {
    state,
    organizationName: env.organizationName,
    canSubmit: canSubmitSignature(state, mode),
    readAgreement: () => dispatch({ type: 'read' }),
    closeAgreement: () => dispatch({ type: 'closeAgreement' }),
    agree: () => dispatch({ type: 'agree' }),
    setName: (name) => dispatch({ type: 'name', name }),
    setFont: (font) => dispatch({ type: 'font', font }),
    setImage: (image) => dispatch({ type: 'draw', image }),
    submit: () => {
      const value = toSignatureValue(state, mode, env.now(), env.userAgent());
      if (value) onSubmit(value);
    },
  };
}
