import 'dayjs/locale/es';
import type { Catalogue } from '../en';
import type { Translation } from '../types';
import { account } from './account';
import { browse } from './browse';
import { common } from './common';
import { devices } from './devices';
import { documents } from './documents';
import { identity } from './identity';
import { merchandise } from './merchandise';
import { myStorage } from './my-storage';
import { payBill } from './pay-bill';
import { payment } from './payment';
import { rental } from './rental';
import { shell } from './shell';
import { speech } from './speech';
import { trivia } from './trivia';
import validation from './validation';

/**
 * The Spanish catalogue (neutral Latin-American Spanish, "usted"): the English one's shape, typed
 * against it so a missing key does not compile. Loaded only when a visitor chooses Spanish
 * (i18n/language.ts), with dayjs's Spanish locale.
 */
export const es: Translation<Catalogue> = {
  common,
  shell,
  browse,
  rental,
  identity,
  account,
  pay_bill: payBill,
  payment,
  documents,
  trivia,
  validation,
  devices,
  speech,
  merchandise,
  my_storage: myStorage,
};
