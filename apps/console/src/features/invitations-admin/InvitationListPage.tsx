import { type Invitation, type InvitationState, LABEL } from '@atk/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { timeColumn, userTextColumn } from '../../components/columns.tsx';
import { type ListFilter, ListPage, textFilter } from '../../components/ListPage.tsx';
import { RowAction } from '../../components/RowAction.tsx';
import { useAreaBase } from '../../components/useAreaBase.ts';
import { invitationKeys, invitationLink, invitationsAdminApi } from './api.ts';
import { CopyLinkDialog } from './CopyLinkDialog.tsx';
import { InviteDialog } from './InviteDialog.tsx';

/** An invitation's state as the list shows it: the text, and a colour that is never the only cue. */
const STATE: Record<InvitationState, { text: string; color: string }> = {
  pending: { text: LABEL.invitationPending, color: 'processing' },
  accepted: { text: LABEL.invitationAccepted, color: 'success' },
  expired: { text: LABEL.invitationExpired, color: 'default' },
};

const FILTERS: ListFilter[] = [{ name: 'email', label: 'Email', type: 'text', placeholder: 'Email' }];

/**
 * The invitations of the operators (docs/api.md "Operators"), in /global and /super: the email filter, Send
 * Invitation, the columns index, email, brand, invitation at, state (pending, accepted or expired: ours, so an
 * operator sees which links still wait) and Copy Link (pending ones only), 20 a page.
 */
export default function InvitationListPage() {
  const base = useAreaBase();
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  const columns = useMemo<TableColumnsType<Invitation>>(
    () => [
      userTextColumn({ key: 'email', title: 'Email', dataIndex: 'email' }),
      userTextColumn({ key: 'brand', title: 'Brand', dataIndex: 'brand_name' }),
      timeColumn('created_at', 'Invitation at', (row) => row.created_at),
      {
        key: 'state',
        title: LABEL.invitationState,
        width: 120,
        render: (_, row) => <Tag color={STATE[row.state].color}>{STATE[row.state].text}</Tag>,
      },
      {
        key: 'copy',
        title: LABEL.copyLink,
        width: 140,
        // only a pending invitation's link still leads anywhere: an accepted or expired one is not offered
        render: (_, row) =>
          row.state === 'pending' && (
            <RowAction label={LABEL.copyLink} name={row.email} onClick={() => setLink(invitationLink(row.uuid))} />
          ),
      },
    ],
    [],
  );

  return (
    <ListPage<Invitation>
      title={LABEL.invitations}
      storageKey={`invitations:${base}`}
      filters={FILTERS}
      queryKey={invitationKeys.list()}
      fetch={({ page_num, page_size, filters }) =>
        invitationsAdminApi.list({
          page_num,
          page_size,
          email: textFilter(filters, 'email'),
        })
      }
      columns={columns}
      index="Index"
      create={{ label: LABEL.sendInvitation, onClick: () => setInviting(true) }}
      testId="invitation-list"
    >
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {link && <CopyLinkDialog link={link} onClose={() => setLink(null)} />}
    </ListPage>
  );
}
