import { Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, Loading, NumberInput, SaveButton, SelectInput, TextInput, Title, minValue, maxValue, required, useNotify } from 'react-admin';
import { api, type Schemas, settle } from '../providers/api';

type Settings = Schemas['SettingsDto'];

interface SettingsForm {
  name: string;
  default_model: string;
  upload_limit_mb: number;
}

function toForm(settings: Settings): SettingsForm {
  return { name: settings.name, default_model: settings.default_model ?? '', upload_limit_mb: settings.upload_limit_mb ?? 0 };
}

/** The firm's name, default model and upload limit, within what the server allows. */
export function SettingsPage() {
  const notify = useNotify();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    settle(api.GET('/api/admin/settings/'))
      .then(setSettings)
      .catch((error: unknown) => setFailed(error instanceof Error ? error.message : 'The settings could not be loaded.'));
  }, []);

  const save = async (values: Partial<SettingsForm>) => {
    setSaving(true);
    try {
      const body = { name: values.name?.trim(), default_model: values.default_model ?? '', upload_limit_mb: Number(values.upload_limit_mb ?? 0) };
      setSettings(await settle(api.PUT('/api/admin/settings/', { body })));
      notify('Settings saved.', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'The settings could not be saved.', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  if (failed) return <Typography color="error">{failed}</Typography>;
  if (!settings) return <Loading />;
  const models = [{ id: '', name: 'The server default' }, ...settings.models.map((model) => ({ id: model, name: model }))];
  return (
    <Card sx={{ mt: 2, maxWidth: 640 }}>
      <Title title="Settings" />
      <CardContent>
        <Typography component="h1" variant="h5" gutterBottom>
          Firm settings
        </Typography>
        <Form<SettingsForm> key={JSON.stringify(settings)} defaultValues={toForm(settings)} onSubmit={save}>
          <TextInput source="name" label="Firm name" validate={required()} fullWidth />
          <SelectInput source="default_model" label="Default model" choices={models} emptyValue="" helperText="Used for answers and reports when the server uses Claude." fullWidth />
          <NumberInput
            source="upload_limit_mb"
            label="Upload limit (MB)"
            validate={[required(), minValue(0), maxValue(settings.server_upload_limit_mb)]}
            helperText={`0 for the server's limit of ${settings.server_upload_limit_mb} MB.`}
            fullWidth
          />
          <SaveButton label="Save settings" disabled={saving} />
        </Form>
      </CardContent>
    </Card>
  );
}
