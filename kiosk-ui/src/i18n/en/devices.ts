import type { MessageTree } from '../types';

/**
 * The receipt printer and the driver licence scanner (wording not in the specs: docs/printer.md
 * and docs/id-scanner.md). The receipt itself is worded by the daemon's receipt catalogue.
 */
export const devices = {
  print: {
    button: 'Print receipt',
    printing: 'Printing…',
    printed: 'Take your receipt',
    gatecode: 'Print my gate code',
    failed: {
      'paper-out': 'Your receipt could not be printed: the printer is out of paper.',
      'cover-open': 'Your receipt could not be printed: the printer cover is open.',
      offline: 'Your receipt could not be printed: the printer is offline.',
      unreachable: 'Your receipt could not be printed: the printer is not answering.',
      timeout: 'Your receipt could not be printed: the printer did not answer in time.',
      'connection-lost': 'Your receipt may be incomplete: the printer stopped in the middle of it.',
      busy: 'Another receipt is printing. Please try again in a moment.',
      'not-configured': 'This kiosk has no receipt printer.',
      'request-failed': 'Your receipt could not be printed. Please try again.',
    },
    unavailable: {
      'paper-out': 'Receipts cannot be printed right now: the printer is out of paper.',
      'cover-open': 'Receipts cannot be printed right now: the printer cover is open.',
      offline: 'Receipts cannot be printed right now: the printer is offline.',
      unreachable: 'Receipts cannot be printed right now: the printer is not answering.',
    },
  },
  scan: {
    button: 'Scan your driver license',
    waiting: 'Hold the barcode on the back of your license under the scanner.',
    reading: 'Reading your license…',
    filled: 'Your details were filled in from your license. Please check them.',
    failed: {
      expired: 'This driver license has expired. Please use a valid license or enter your details by hand.',
      'under-18': 'You must be 18 or older to rent a storage unit.',
      unreadable: 'The license could not be read. Please scan it again or enter your details by hand.',
      'scanner-down': 'The license scanner is not available. Please enter your details by hand.',
      'request-failed': 'The license could not be read. Please scan it again or enter your details by hand.',
      'not-a-licence':
        'That barcode is not a driver license, so it was taken out of the field. Please scan the barcode on the back of your license.',
    },
  },
  receipt: {
    own_insurance: 'Own insurance',
    plan: '{{coverage}} coverage',
  },
} satisfies MessageTree;
