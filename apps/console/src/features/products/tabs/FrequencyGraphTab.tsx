import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { LABEL, MSG } from '@atk/contract';
import { App, Button, Empty, Space } from 'antd';
import { useState } from 'react';
import { reportError } from '../../../api/client.ts';
import { useTabBinding } from '../../../components/DirtyTabs.tsx';
import { FileButton } from '../../../components/FileButton.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { uploadsApi } from '../api.ts';
import { snapshot, type TabProps, useSaveSection } from '../context.ts';

/** The server keeps a graph that is an image or an SVG drawing. */
const GRAPH_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.svg';

interface FileRef {
  url: string;
  name: string;
}

/**
 * Frequency Graph: one Upload link for the graph file (POST /upload/files, type frequency) and the file name.
 * An upload saves the frequency_graph section at once.
 */
export function FrequencyGraphTab({ product, scope, binding }: TabProps) {
  const { message } = App.useApp();
  const [graph, setGraph] = useState<FileRef | null>(() => product.frequency_graph ?? null);
  const [saved, setSaved] = useState(() => snapshot(product.frequency_graph ?? null));
  const [uploading, setUploading] = useState(false);
  const { save, saving } = useSaveSection(scope, product._id);
  const dirty = snapshot(graph) !== saved;

  const persist = async (next: FileRef | null, success?: string) => {
    const ok = await save({ type: 'frequency_graph', content: next }, success);
    if (ok) setSaved(snapshot(next));
    return ok;
  };
  useTabBinding(binding, dirty, () => persist(graph));

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const answer = await uploadsApi.frequencyGraph(scope.admin, file, product._id);
      const next = { url: answer.audio.url, name: file.name };
      setGraph(next);
      await persist(next, MSG.uploadSuccess);
    } catch (e) {
      reportError(message.error, e);
    } finally {
      setUploading(false);
    }
  };

  return (
    <TabFrame
      title={LABEL.tabFrequencyGraph}
      testId="tab-frequency-graph"
      onSave={() => void persist(graph)}
      saving={saving && !uploading}
    >
      <Space orientation="vertical" size="large">
        <FileButton
          type="link"
          label="Frequency graph file"
          accept={GRAPH_ACCEPT}
          onFile={(f) => void upload(f)}
          loading={uploading}
          icon={<UploadOutlined />}
        >
          {LABEL.upload}
        </FileButton>
        {graph ? (
          <Space data-testid="frequency-graph-file">
            <FileOutlined />
            <a href={graph.url} target="_blank" rel="noreferrer">
              {graph.name}
            </a>
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label="Remove frequency graph"
              onClick={() => setGraph(null)}
            />
          </Space>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No frequency graph uploaded" />
        )}
      </Space>
    </TabFrame>
  );
}
