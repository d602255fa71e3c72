import { ProtocolDocument } from '../components/protocol-document';
import { PRIVACY_AGREEMENT } from '../texts/privacy-agreement';

/** /protocal-privacy (the seed's spelling). */
export default function Page() {
  return <ProtocolDocument text={PRIVACY_AGREEMENT} testId="page-protocal-privacy" />;
}
