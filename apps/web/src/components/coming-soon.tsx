import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The honest state of a page whose feature is not built yet: its title, what it will do, and no fake data.
 * `title` and `description` come from the feature's own namespace.
 */
export function ComingSoon({ testId, title, description }: { testId: string; title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <section data-testid={testId} aria-labelledby={`${testId}-title`}>
      <Typography.Title level={1} id={`${testId}-title`} style={{ fontSize: 22, marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 720 }}>
        {description}
      </Typography.Paragraph>
      <Card data-testid="coming-soon">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('comingSoon.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('comingSoon.text', { name: title })}</Typography.Text>
            </>
          }
        />
      </Card>
    </section>
  );
}
