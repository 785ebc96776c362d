import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useMemberInfo } from '../../api/auth.ts';
import { useAvatar, useUploadAvatar } from '../../api/security.ts';
import { useProfile } from '../../api/profile.ts';
import { useDateTime } from '../../components/DateTime.tsx';
import { Form } from '../../components/form/Form.tsx';
import { FormStatus } from '../../components/form/FormFooter.tsx';
import { ImageField } from '../../components/form/ImageField.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { imageFile } from '../../lib/validation.ts';
import { useUi } from '../../state/ui.ts';
import { DevicesSection } from './DevicesSection.tsx';
import { CloseAccount } from './CloseAccount.tsx';
import { MobileChange } from './MobileChange.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import './profile.css';

const avatarSchema = z.object({
  file: imageFile({
    required: null,
    type: 'errors.unsupported_media_type',
    size: 'errors.payload_too_large',
  }),
});

/**
 * Member centre › security centre: avatar (PNG/JPG ≤ 5 MB), password change, remembered devices, and for real
 * accounts the profile fields (the merchant's required / optional / hidden settings), the mobile number (changed
 * with an SMS code) and closing the account.
 */
export function SecurityCenter() {
  const { t } = useTranslation();
  const me = useMemberInfo();
  const open = useUi((s) => s.open);
  const when = useDateTime();
  return (
    <section className="narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('member.securityCenter')}</h1>
      <QueryState query={me}>
        {(member) => (
          <>
            <div className="profile">
              <Avatar />
              <div>
                <p className="profile__name">{member.nickname || member.account}</p>
                <p className="field__hint">
                  {t('member.previousLogin', {
                    time: member.previousLoginAt ? when(member.previousLoginAt) : t('member.never'),
                  })}
                </p>
              </div>
            </div>
            <AvatarForm />
            <button type="button" className="btn btn--primary" onClick={() => open('changePassword')}>
              {t('auth.changePasswordTitle')}
            </button>
            <DevicesSection />
            {!member.isTrial && <Profile />}
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The profile form, the mobile number and closing the account (real accounts only: a trial account has none). */
function Profile() {
  const query = useProfile();
  return (
    <QueryState query={query}>
      {(profile) => (
        <>
          <ProfileForm profile={profile} />
          <MobileChange current={profile.mobile} />
          <CloseAccount />
        </>
      )}
    </QueryState>
  );
}

function Avatar() {
  const { t } = useTranslation();
  const image = useAvatar().data?.image;
  if (!image) return <div className="profile__avatar" aria-hidden="true" />;
  return <img className="profile__avatar" src={image} alt={t('member.avatar')} />;
}

/** The avatar is sent as soon as a valid image is chosen. */
function AvatarForm() {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const form = useZodForm(avatarSchema, { file: null });
  return (
    <Form
      form={form}
      className="form"
      onSubmit={async ({ file }) => {
        if (!file) return;
        await upload.mutateAsync(file);
        form.reset();
        return t('member.avatarSaved');
      }}
    >
      <ImageField name="file" label={t('member.changeAvatar')} asButton submitOnPick />
      <FormStatus />
    </Form>
  );
}
