import { ProtocolDocument } from '../components/protocol-document';
import { RISK_AGREEMENT } from '../texts/risk-agreement';

/** /protocal-risk (the seed's spelling). */
export default function Page() {
  return <ProtocolDocument text={RISK_AGREEMENT} testId="page-protocal-risk" />;
}
