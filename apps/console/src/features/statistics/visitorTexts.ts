/**
 * The texts of erasing a visitor on Statistics of users (ATK) (/global/statistics/atk, Total Users; DELETE
 * …/admin/player/visitors/:id): not in the spec, so kept here beside the screen, as the Listener verdicts' are. The
 * answers' texts (MSG.visitorErased, MSG.visitorNotFound) are the API's, in the contract.
 */
export const ERASE_VISITOR = {
  /** The row action, and the form's button. */
  erase: 'Erase',
  /** Asked before either erases: what goes and what stays. */
  confirm: 'Erase everything kept of this visitor? Daily totals stay.',
  heading: 'Erase a visitor',
  help: 'For a visitor who sent us their visitor ID: everything kept of that visitor (its row, its events, its votes and tests) is erased. Daily totals stay, as they name no one.',
  idLabel: 'Visitor ID',
  idPlaceholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
  idRequired: 'Please enter the visitor ID',
  idInvalid: 'A visitor ID has 36 characters, such as 3f2c8a4e-1b7d-4c9a-9e2f-5d6b7a8c9d0e',
} as const;
