import { PlusOutlined } from '@ant-design/icons';
import { LABEL, MSG, spotifyUri } from '@atk/contract';
import { Button, Form, Input, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { TabFrame } from '../../../components/TabFrame.tsx';
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

const FIELDS: { name: keyof Entry; label: string; max: number }[] = [
  { name: 'artist', label: 'Artist', max: 200 },
  { name: 'song', label: 'Song', max: 200 },
  { name: 'producer_engineer', label: 'Producer/Engineer', max: 200 },
  { name: 'instruments', label: 'Instruments', max: 300 },
  { name: 'spotify_link', label: 'Spotify Link', max: 500 },
  { name: 'tidal_link', label: 'TIDAL Link', max: 500 },
];

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
  });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [form] = Form.useForm<Entry>();

  const open = (which: number | 'new') => setEditing(which);
  const commit = (values: Entry) => {
    const entry: Entry = { ...blank() };
    for (const f of FIELDS) entry[f.name] = (values[f.name] ?? '').trim();
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
        <Space>
          <Button type="link" size="small" onClick={() => open(row.key)} aria-label={`Edit record ${row.key + 1}`}>
            {LABEL.edit}
          </Button>
          <Popconfirm
            title={MSG.deleteRecordConfirm}
            okText="OK"
            cancelText={LABEL.cancel}
            onConfirm={() => setEntries((list) => list.filter((_, i) => i !== row.key))}
          >
            <Button type="link" size="small" danger aria-label={`Delete record ${row.key + 1}`}>
              {LABEL.delete}
            </Button>
          </Popconfirm>
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
        destroyOnHidden
      >
        <Form<Entry>
          form={form}
          name="discography-entry"
          layout="vertical"
          initialValues={editing === 'new' || editing === null ? blank() : entries[editing]}
          onFinish={commit}
        >
          {FIELDS.map((f) => (
            <Form.Item key={f.name} name={f.name} label={f.label}>
              <Input maxLength={f.max} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </TabFrame>
  );
}
