import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { type Feature, FeatureCard } from '../../components/feature-card';

interface GuideStep {
  label: string;
  text: string;
  action: string;
}

export const GUIDE_STEPS: readonly GuideStep[] = [
  {
    label: 'Create a Project',
    text: 'Group the documents of one matter, deal or client into a project.',
    action: 'Create Project',
  },
  {
    label: 'Upload Documents',
    text: 'Add contracts, pleadings and correspondence as PDF, DOCX or TXT files.',
    action: 'Upload Now',
  },
  {
    label: 'Get Analysis',
    text: 'Generate a case summary and a liability analysis, then download them as PDF.',
    action: 'View Demo',
  },
  {
    label: 'Ask Questions',
    text: "Chat with the AI about your project's documents and see which documents each answer used.",
    action: 'Start Chat',
  },
];

const FEATURES: readonly Feature[] = [
  { title: 'Document Analysis', text: 'Key points and structure of every document you add.', icon: DescriptionOutlined },
  { title: 'Liability Assessment', text: 'Risks, obligations and exposure, clause by clause.', icon: ShieldOutlined },
  { title: 'Smart Chat', text: 'Questions in plain language, answers with their sources.', icon: ForumOutlined },
  { title: 'Detailed Insights', text: 'Summaries with the figures and dates that matter.', icon: InsightsOutlined },
];

export default function DashboardPage() {
  const navigate = useNavigate();
  const [activeStep, setActiveStep] = useState(0);
  const openWorkspace = (): void => {
    void navigate('/projects');
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 3, md: 6 } }}>
      <Container maxWidth="lg">
        <Paper
          component="section"
          aria-labelledby="dashboard-heading"
          sx={{
            p: { xs: 3, md: 5 },
            color: 'common.white',
            background: 'linear-gradient(135deg, #13264a 0%, #1f3a68 60%, #4a6aa0 100%)',
          }}
        >
          <Chip icon={<AutoAwesome />} label="AI-Powered" color="secondary" size="small" sx={{ mb: 2 }} />
          <Typography id="dashboard-heading" component="h1" variant="h4">
            Welcome to Casewise
          </Typography>
          <Typography sx={{ mt: 1, opacity: 0.9, maxWidth: 640 }}>
            Your assistant for legal documents: organise matters into projects, ask questions about your files and generate
            summaries and liability analyses.
          </Typography>
          <Button variant="contained" color="secondary" size="large" onClick={openWorkspace} sx={{ mt: 3 }}>
            Start Using Casewise
          </Button>
        </Paper>

        <Grid container spacing={4} sx={{ mt: 4 }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper component="section" aria-labelledby="guide-heading" sx={{ p: 3 }}>
              <Typography id="guide-heading" component="h2" variant="h5" gutterBottom>
                Get Started
              </Typography>
              <Stepper activeStep={activeStep} orientation="vertical">
                {GUIDE_STEPS.map((step) => (
                  <Step key={step.label}>
                    <StepLabel>{step.label}</StepLabel>
                    <StepContent>
                      <Typography variant="body2" color="text.secondary">
                        {step.text}
                      </Typography>
                      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                        <Button variant="contained" size="small" onClick={openWorkspace}>
                          {step.action}
                        </Button>
                        <Button size="small" onClick={() => setActiveStep((current) => Math.min(current + 1, GUIDE_STEPS.length))}>
                          Next Step
                        </Button>
                      </Stack>
                    </StepContent>
                  </Step>
                ))}
              </Stepper>
              {activeStep === GUIDE_STEPS.length && (
                <Box role="status" sx={{ mt: 2, p: 2, bgcolor: 'action.hover', borderRadius: 1 }}>
                  <Typography>You are ready to go. Create your first project and add your documents.</Typography>
                  <Button variant="contained" onClick={openWorkspace} sx={{ mt: 1 }}>
                    Create Project
                  </Button>
                </Box>
              )}
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Grid container spacing={2} component="section" aria-label="Features">
              {FEATURES.map((feature) => (
                <Grid key={feature.title} size={{ xs: 12, sm: 6 }}>
                  <FeatureCard {...feature} />
                </Grid>
              ))}
            </Grid>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
