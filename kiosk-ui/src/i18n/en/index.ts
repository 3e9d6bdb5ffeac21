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
 * The English catalogue: one file per area, keys used as t('<area>.<key>'). A second language is
 * a second folder with the same shape (the type below makes a missing key a compile error).
 */
export const en = {
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

export type Catalogue = typeof en;
