/** Texts of the member centre's identity verification page (English). */
export const kycEn = {
  kyc: {
    intro:
      'Verify your identity: upload the front and back of your ID card, passport or driving licence and a selfie holding it. PNG, JPG or PDF, up to 5 MB each. Our team reviews each document.',
    overall: 'Verification:',
    overallStatus: {
      none: 'Not started',
      incomplete: 'Documents missing',
      pending: 'Under review',
      rejected: 'Action needed',
      approved: 'Verified',
    },
    rule: 'Withdrawals above {{amount}} need a verified identity.',
    kinds: { id_front: 'ID – front', id_back: 'ID – back', selfie: 'Selfie with your ID' },
    hints: {
      id_front: 'The side with your photo; all four corners visible.',
      id_back: 'The other side of the same document.',
      selfie: 'Your face and the document together, both readable.',
    },
    statuses: { pending: 'Under review', approved: 'Approved', rejected: 'Rejected' },
    missing: 'Not uploaded',
    uploadedAt: 'Uploaded',
    reason: 'Reason:',
    pendingNote: 'We will review it shortly.',
    file: 'File',
    fileAgain: 'Upload a new file',
    fileHint: 'PNG, JPG or PDF, up to 5 MB',
    chooseFile: 'Choose a file',
    upload: 'Upload',
    uploading: 'Uploading…',
    uploaded: 'Uploaded. It is now under review.',
    privacy: 'Your documents are seen only by our verification staff and are never shown publicly.',
  },
  errors: {
    kyc_file_missing: 'Choose a file to upload.',
    kyc_file_type: 'Upload a PNG, JPG or PDF file.',
    kyc_file_too_large: 'Files must be 5 MB or smaller.',
    kyc_under_review: 'This document is being reviewed; you can upload it again if it is rejected.',
    kyc_already_approved: 'This document is already approved.',
  },
};
