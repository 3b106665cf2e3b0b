import Tooltip from '@mui/material/Tooltip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GavelIcon from '@mui/icons-material/Gavel';

export function NoProjectsWelcome({ onCreate }: { onCreate: () => void }) {
  return (
    <Box sx={{ textAlign: 'center', px: 3, py: { xs: 6, md: 12 }, maxWidth: 560, mx: 'auto' }}>
      <GavelIcon color="primary" sx={{ fontSize: 56 }} aria-hidden="true" />
      <Typography component="h1" variant="h4" sx={{ mt: 2 }} gutterBottom>
        Welcome to Casewise
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Get started by creating your first project
      </Typography>
      <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={onCreate}>
        Create Your First Project
      </Button>
    </Box>
  );
}

interface ProjectWelcomeProps {
  /** Why the documents cannot be managed (a viewer); the button is then disabled with this reason. */
  manageDisabledReason?: string;
  projectName: string;
  onManageDocuments: () => void;
  onStartChat: () => void;
}

export function ProjectWelcome({ projectName, onManageDocuments, onStartChat, manageDisabledReason }: ProjectWelcomeProps) {
  return (
    <Box sx={{ px: { xs: 2, md: 4 }, py: { xs: 4, md: 8 }, maxWidth: 880, mx: 'auto' }}>
      <Typography component="h1" variant="h4" align="center" gutterBottom sx={{ wordBreak: 'break-word' }}>
        {`Welcome to ${projectName}`}
      </Typography>
      <Typography align="center" color="text.secondary" sx={{ mb: 4 }}>
        Add the documents of this matter, then ask questions or generate an analysis.
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Card component="section" aria-labelledby="welcome-upload-heading" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <CloudUploadOutlined color="primary" fontSize="large" aria-hidden="true" />
              <Typography id="welcome-upload-heading" component="h2" variant="h6" sx={{ mt: 1 }}>
                Upload Documents
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Add contracts, pleadings and correspondence. PDF, DOCX, TXT and other formats are supported.
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Tooltip title={manageDisabledReason ?? ''}>
                <span>
                  <Button variant="contained" onClick={onManageDocuments} disabled={manageDisabledReason !== undefined}>
                    Manage Documents
                  </Button>
                </span>
              </Tooltip>
            </CardActions>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Card component="section" aria-labelledby="welcome-chat-heading" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <ForumOutlined color="primary" fontSize="large" aria-hidden="true" />
              <Typography id="welcome-chat-heading" component="h2" variant="h6" sx={{ mt: 1 }}>
                Chat with AI
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Ask questions about this project&apos;s documents and see the sources behind every answer.
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button variant="outlined" onClick={onStartChat}>
                Start Chatting
              </Button>
            </CardActions>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
