import { PlusOutlined } from '@ant-design/icons';
import { isHttpUrl, LABEL, spotifyUri } from '@atk/contract';
import { Button, Form, Input, Modal, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type FieldPath, ordinal } from '../../../api/fieldErrors.ts';
import { DeleteAction } from '../../../components/columns.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useFirstFieldFocus } from '../../../components/useFirstFieldFocus.ts';
import { useScrollableFocus } from '../../../components/useScrollableFocus.ts';
import { useTabForm } from '../../../components/useTabForm.ts';
import { type TabProps, useSaveSection } from '../context.ts';

interface Entry {
  artist: string;
  song: string;
  producer_engineer: string;
  instruments: string;
  spotify_link: string;
  tidal_link: string;
}

/** The dialog's fields; `noun` names one in a sentence about a record ('The Spotify link of the 2nd release'). */
const FIELDS: { name: keyof Entry; label: string; noun: string; max: number }[] = [
  { name: 'artist', label: 'Artist', noun: 'artist', max: 200 },
  { name: 'song', label: 'Song', noun: 'song', max: 200 },
  { name: 'producer_engineer', label: 'Producer/Engineer', noun: 'producer/engineer', max: 200 },
  { name: 'instruments', label: 'Instruments', noun: 'instruments', max: 300 },
  { name: 'spotify_link', label: 'Spotify Link', noun: 'Spotify link', max: 500 },
  { name: 'tidal_link', label: 'TIDAL Link', noun: 'TIDAL link', max: 500 },
];

/** A refused field of the saved list (`content.{i}.{field}`), named by its record's place in the table. */
const recordFieldLabel = (path: FieldPath): string | undefined => {
  const [, index, name] = path;
  const field = FIELDS.find((f) => f.name === name);
  return typeof index === 'number' && field ? `The ${field.noun} of the ${ordinal(index + 1)} release` : undefined;
};

/** What the server takes as a link: an http(s) address, or a Spotify one as the URI it is saved as. */
const linkRule = (label: string, spotify: boolean) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const link = (value ?? '').trim();
    if (!link || isHttpUrl(link) || (spotify && /^spotify:[a-z]+:[A-Za-z0-9]+$/.test(link))) return;
    throw new Error(`${label} must start with http:// or https://`);
  },
});

const EMPTY_RECORD = 'Fill in at least one field';

const blank = (): Entry => ({
  artist: '',
  song: '',
  producer_engineer: '',
  instruments: '',
  spotify_link: '',
  tidal_link: '',
});

type Row = Entry & { key: number };

/**
 * Discography: the table of records (Artist, Song, Producer/Engineer, Instruments, Spotify Link, TIDAL Link,
 * Operate) with the New / Edit Discography dialog (width 30%). A Spotify link is stored in its URI form.
 */
export function DiscographyTab({ product, scope, binding }: TabProps) {
  const section = useSaveSection(scope, product._id);
  const {
    value: entries,
    setValue: setEntries,
    submit,
    saving,
  } = useTabForm<Entry[]>({
    binding,
    initial: () =>
      (product.discography ?? []).map((e) => ({
        ...blank(),
        ...Object.fromEntries(Object.entries(e).map(([k, v]) => [k, v ?? ''])),
      })),
    save: (content) => section.save({ type: 'discography', content }),
    saving: section.saving,
    fieldLabel: recordFieldLabel,
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [empty, setEmpty] = useState(false);
  const [form] = Form.useForm<Entry>();
  const firstField = useFirstFieldFocus();

  const open = (which: number | 'new') => {
    setEmpty(false);
    setEditing(which);
  };
  const commit = (values: Entry) => {
    const entry: Entry = { ...blank() };
    for (const f of FIELDS) entry[f.name] = (values[f.name] ?? '').trim();
    // a record with nothing in it would be an empty row of the player's discography
    if (FIELDS.every((f) => !entry[f.name])) {
      setEmpty(true);
      return;
    }
    entry.spotify_link = spotifyUri(entry.spotify_link);
    setEntries((list) =>
      editing === 'new' || editing === null ? [...list, entry] : list.map((e, i) => (i === editing ? entry : e)),
    );
    setEditing(null);
  };

  const columns: TableColumnsType<Row> = [
    ...FIELDS.map((f) => ({
      key: f.name,
      dataIndex: f.name,
      // A narrow column breaks 'Producer/Engineer' at its slash, never mid-word.
      title:
        f.name === 'producer_engineer' ? (
          <>
            Producer/
            <wbr />
            Engineer
          </>
        ) : (
          f.label
        ),
      ellipsis: f.name.endsWith('_link'),
    })),
    {
      key: 'operate',
      title: 'Operate',
      width: 150,
      render: (_: unknown, row: Row) => (
        <Space size={4} wrap>
          <RowAction label={LABEL.edit} name={`record ${row.key + 1}`} onClick={() => open(row.key)} />
          <DeleteAction
            name={`record ${row.key + 1}`}
            onDelete={() => setEntries((list) => list.filter((_, i) => i !== row.key))}
          />
        </Space>
      ),
    },
  ];

  const tableBox = useRef<HTMLDivElement>(null);
  useScrollableFocus(tableBox, '.ant-table-content');

  return (
    <TabFrame
      title={LABEL.tabDiscography}
      testId="tab-discography"
      onSave={() => void submit()}
      saving={saving}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => open('new')}>
          {LABEL.newDiscography}
        </Button>
      }
    >
      <div ref={tableBox}>
        <Table<Row>
          rowKey="key"
          columns={columns}
          dataSource={entries.map((e, i) => ({ ...e, key: i }))}
          pagination={false}
          scroll={{ x: 900 }}
          data-testid="discography-table"
        />
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? LABEL.newDiscography : LABEL.editDiscography}
        width="30%"
        style={{ minWidth: 380 }}
        okText={LABEL.save}
        cancelText={LABEL.cancel}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        afterOpenChange={firstField.afterOpenChange}
        destroyOnHidden
      >
        <div ref={firstField.ref}>
          <Form<Entry>
            form={form}
            name="discography-entry"
            layout="vertical"
            initialValues={editing === 'new' || editing === null ? blank() : entries[editing]}
            onFinish={commit}
            onValuesChange={() => setEmpty(false)}
          >
            {empty && (
              <Typography.Paragraph type="danger" role="alert">
                {EMPTY_RECORD}
              </Typography.Paragraph>
            )}
            {FIELDS.map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                rules={f.name.endsWith('_link') ? [linkRule(f.noun, f.name === 'spotify_link')] : undefined}
              >
                <Input maxLength={f.max} />
              </Form.Item>
            ))}
          </Form>
        </div>
      </Modal>
    </TabFrame>
  );
}
