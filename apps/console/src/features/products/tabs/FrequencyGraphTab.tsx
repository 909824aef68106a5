import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileRef, LABEL, MSG } from '@atk/contract';
import { App, Button, Empty, Space } from 'antd';
import { useState } from 'react';
import { reportError } from '../../../api/client.ts';
import { FileButton } from '../../../components/FileButton.tsx';
import { TabFrame } from '../../../components/TabFrame.tsx';
import { useTabForm } from '../../../components/useTabForm.ts';
import { uploadsApi } from '../api.ts';
import { type TabProps, useSaveSection } from '../context.ts';

/** The server keeps a graph that is an image or an SVG drawing. */
const GRAPH_ACCEPT = '.png,.jpg,.jpeg,.webp,.gif,.svg';

/**
 * Frequency Graph: one Upload link for the graph file (POST /upload/files, type frequency) and the file name.
 * An upload saves the frequency_graph section at once.
 */
export function FrequencyGraphTab({ product, scope, binding }: TabProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const section = useSaveSection(scope, product._id);
  const {
    value: graph,
    setValue: setGraph,
    submit: persist,
    saving,
  } = useTabForm<FileRef | null>({
    binding,
    initial: () => product.frequency_graph ?? null,
    save: (content, success) => section.save({ type: 'frequency_graph', content }, success),
    saving: section.saving,
  });

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
      onSave={() => void persist()}
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
