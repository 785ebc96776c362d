import type { kycEn } from '../kyc.ts';

/** Texts of the member centre's identity verification page (TL, Tagalog). */
export const kycTl: typeof kycEn = {
  kyc: {
    intro:
      'I-verify ang iyong identity: i-upload ang harap at likod ng iyong ID card, passport o driver’s license at isang selfie na hawak ito. PNG, JPG o PDF, hanggang 5 MB bawat isa. Sinusuri ng aming team ang bawat dokumento.',
    overall: 'Verification:',
    overallStatus: {
      none: 'Hindi pa nasisimulan',
      incomplete: 'Kulang ang mga dokumento',
      pending: 'Sinusuri',
      rejected: 'May kailangang gawin',
      approved: 'Verified',
    },
    rule: 'Kailangan ng verified na identity para sa withdrawal na higit sa {{amount}}.',
    kinds: { id_front: 'ID – harap', id_back: 'ID – likod', selfie: 'Selfie kasama ang iyong ID' },
    hints: {
      id_front: 'Ang panig na may litrato mo; kita ang apat na sulok.',
      id_back: 'Ang kabilang panig ng parehong dokumento.',
      selfie: 'Ang mukha mo at ang dokumento nang magkasama, parehong nababasa.',
    },
    statuses: { pending: 'Sinusuri', approved: 'Aprubado', rejected: 'Tinanggihan' },
    missing: 'Hindi pa na-upload',
    uploadedAt: 'Na-upload',
    reason: 'Dahilan:',
    pendingNote: 'Susuriin namin ito sa lalong madaling panahon.',
    file: 'File',
    fileAgain: 'Mag-upload ng bagong file',
    fileHint: 'PNG, JPG o PDF, hanggang 5 MB',
    chooseFile: 'Pumili ng file',
    upload: 'I-upload',
    uploading: 'Ina-upload…',
    uploaded: 'Na-upload na. Sinusuri na ito ngayon.',
    privacy:
      'Ang mga dokumento mo ay nakikita lamang ng aming verification staff at hindi kailanman ipinapakita sa publiko.',
  },
  errors: {
    kyc_file_missing: 'Pumili ng file na ia-upload.',
    kyc_file_type: 'Mag-upload ng PNG, JPG o PDF na file.',
    kyc_file_too_large: 'Dapat 5 MB o mas maliit ang file.',
    kyc_under_review: 'Sinusuri pa ang dokumentong ito; puwede mo itong i-upload muli kung tatanggihan.',
    kyc_already_approved: 'Aprubado na ang dokumentong ito.',
  },
};

export default kycTl;
