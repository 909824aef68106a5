import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SaveDialog } from './FormDialog.tsx';
import { NameStatusFields } from './RecordFields.tsx';

type NameStatus = { name?: string; is_published?: 0 | 1 };
type Named = { _id: string; name: string; is_published: 0 | 1 };

/**
 * New X / Edit X of a record with a name and a status (brand, category, sub category): Pending unless chosen,
 * nothing checked in the browser (the server's msg is shown, docs/api.md "Catalogue screens"); the dialog closes and
 * `invalidate` reloads once saved. `children` are fields after name and status.
 */
export function NameStatusDialog<Fields extends NameStatus, Row extends Named = Named>({
  record,
  titles,
  name,
  create,
  update,
  success,
  invalidate,
  onClose,
  children,
}: {
  record: Row | 'new';
  titles: { create: string; update: string };
  name: string;
  create: (fields: Fields) => Promise<unknown>;
  update: (id: string, fields: Fields) => Promise<unknown>;
  success: { create: string; update: string };
  invalidate: QueryKey;
  onClose: () => void;
  children?: ReactNode;
}) {
  const editing = record !== 'new';
  const initial: Partial<NameStatus> = editing
    ? { name: record.name, is_published: record.is_published }
    : { is_published: 0 };
  return (
    <SaveDialog<Fields>
      title={editing ? titles.update : titles.create}
      name={name}
      initialValues={initial as Partial<Fields>}
      save={(fields) => (editing ? update(record._id, fields) : create(fields))}
      success={editing ? success.update : success.create}
      invalidate={[invalidate]}
      onClose={onClose}
    >
      <NameStatusFields />
      {children}
    </SaveDialog>
  );
}
