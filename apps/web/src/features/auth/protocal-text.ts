/** The shape of one agreement in one language. The texts live in texts/, one file per agreement. */
export interface ProtocolText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}
export type ProtocolTexts = Record<'zh-CN' | 'en-US', ProtocolText>;
