import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { type FileRef, LABEL, MSG } from '@atk/contract';
import { Button, Empty, Space } from 'antd';
import { useSave } from '../../../api/useSave.ts';
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

  const upload = useSave({
    save: (file: File) => uploadsApi.frequencyGraph(scope.admin, file, product._id),
    onSaved: (answer, file) => {
      const next = { url: answer.audio.url, name: file.name };
      setGraph(next);
      return persist(next, MSG.uploadSuccess);
    },
  });

  return (
    <TabFrame
      title={LABEL.tabFrequencyGraph}
      testId="tab-frequency-graph"
      onSave={() => void persist()}
      saving={saving && !upload.isPending}
    >
      <Space orientation="vertical" size="large">
        <FileButton
          type="link"
          label="Frequency graph file"
          accept={GRAPH_ACCEPT}
          onFile={(file) => upload.mutate(file)}
          loading={upload.isPending}
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
