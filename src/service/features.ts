// The intake service's features: the one list the service starts (src/service/start.ts) and whose
// settings it reads (src/config/service.ts). A new form is one feature folder with its
// server/feature.ts, and one line here.
import {
  registrationFeature,
  type RegistrationHandle,
  type RegistrationOptions,
} from '../features/chb-registration/server/feature.ts';
import { correctionFeature } from '../features/correction/server/feature.ts';
import { feedbackFeature } from '../features/feedback/server/feature.ts';
import type { IntakeFeature } from './platform/feature.ts';

export const FEATURES: ReadonlyArray<IntakeFeature<FeatureOptions>> = [
  registrationFeature,
  feedbackFeature,
  correctionFeature,
];

/** Every feature's options together (what ServerOptions.limits carries besides the service's). */
export type FeatureOptions = RegistrationOptions;

/** What the started server exposes of its features. */
export type FeatureHandles = RegistrationHandle;
