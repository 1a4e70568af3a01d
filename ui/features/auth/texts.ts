// Signing in and out (SPEC 2, 5, 8); the form's messages come from the domain's loginSchema.
export const authTexts = {
  title: 'Logga in',
  subtitle: 'Pizzakioskens administration',
  email: 'E-post',
  password: 'Lösenord',
  submit: 'Logga in',
  submitting: 'Loggar in...',
  backToSite: '← Tillbaka till webbplatsen',
  loginOk: 'Inloggning lyckades!',
  loginFailed: 'Inloggning misslyckades',
  logoutFailedLog: 'Utloggningen misslyckades',
};
