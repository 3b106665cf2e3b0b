import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import FormatQuote from '@mui/icons-material/FormatQuote';
import GavelIcon from '@mui/icons-material/Gavel';
import HubOutlined from '@mui/icons-material/HubOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import { type Feature, FeatureCard } from '../../components/feature-card';

export const TRANSLUCENT_AFTER_PX = 50;

const NAV_LINKS = ['Features', 'Pricing', 'About', 'Contact'] as const;

const FEATURES: readonly Feature[] = [
  {
    title: 'Instant Analysis',
    text: 'Upload a contract or a case file and see its key points within seconds, without reading every page first.',
    icon: BoltOutlined,
  },
  {
    title: 'Liability & Risk Assessment',
    text: 'Spot indemnities, caps, termination rights and other exposure in your contracts before they become a problem.',
    icon: ShieldOutlined,
  },
  {
    title: 'Chat With Your Documents',
    text: 'Ask questions in plain language and get answers that point back to the passages they came from.',
    icon: ChatOutlined,
  },
  {
    title: 'Detailed Summaries',
    text: 'Case summaries with the metrics and insights your team needs, ready to download and share.',
    icon: ArticleOutlined,
  },
  {
    title: 'End-to-End Encryption',
    text: 'Your files and conversations stay protected in transit and at rest, visible only to your account.',
    icon: LockOutlined,
  },
  {
    title: '24/7 Support & Integrations',
    text: 'Help whenever you need it, and connections to the document management tools your firm already uses.',
    icon: HubOutlined,
  },
];

const TESTIMONIALS: ReadonlyArray<{ quote: string; role: string }> = [
  {
    quote: 'We review supplier agreements in a fraction of the time, and every answer shows us where it came from.',
    role: 'Managing partner, commercial litigation firm',
  },
  {
    quote: 'The liability analysis catches the clauses we used to find only on the third read.',
    role: 'In-house counsel, logistics company',
  },
  {
    quote: 'Our paralegals ask the documents directly instead of searching through folders all afternoon.',
    role: 'Practice manager, real estate law office',
  },
];

const FOOTER_COLUMNS: ReadonlyArray<{ title: string; links: readonly string[] }> = [
  { title: 'Product', links: ['Features', 'Pricing', 'Integrations', 'Security'] },
  { title: 'Company', links: ['About', 'Careers', 'Press', 'Contact'] },
  { title: 'Resources', links: ['Help Center', 'Guides', 'Webinars', 'Blog'] },
  { title: 'Legal', links: ['Privacy', 'Terms', 'Cookies', 'Licences'] },
];

/** A link that the spec leaves without a destination. */
function InertLink({ children }: { children: string }) {
  return (
    <Link component="button" type="button" color="inherit" underline="hover" variant="body2" sx={{ textAlign: 'left' }}>
      {children}
    </Link>
  );
}

function TopBar() {
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: TRANSLUCENT_AFTER_PX });
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <AppBar
      position="fixed"
      elevation={scrolled ? 4 : 0}
      data-translucent={scrolled ? 'true' : 'false'}
      sx={{
        bgcolor: scrolled ? 'rgba(19, 38, 74, 0.72)' : 'primary.dark',
        backdropFilter: scrolled ? 'blur(10px)' : 'none',
        transition: 'background-color 250ms, box-shadow 250ms',
      }}
    >
      <Toolbar component="nav" aria-label="Main">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}>
          <GavelIcon aria-hidden="true" />
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            Casewise
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center' }}>
          {NAV_LINKS.map((label) => (
            <Button key={label} color="inherit" type="button">
              {label}
            </Button>
          ))}
          <Button component={RouterLink} to="/login" color="inherit" variant="outlined">
            Login
          </Button>
          <Button component={RouterLink} to="/signup" color="secondary" variant="contained">
            Sign Up
          </Button>
        </Stack>
        <IconButton
          color="inherit"
          edge="end"
          aria-label="Open menu"
          aria-controls="landing-menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
      </Toolbar>
      <Drawer anchor="right" open={menuOpen} onClose={() => setMenuOpen(false)}>
        <Box id="landing-menu" sx={{ width: 240 }} role="presentation">
          <List aria-label="Menu">
            {NAV_LINKS.map((label) => (
              <ListItem key={label} disablePadding>
                <ListItemButton onClick={() => setMenuOpen(false)}>
                  <ListItemText primary={label} />
                </ListItemButton>
              </ListItem>
            ))}
            <Divider />
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/login">
                <ListItemText primary="Login" />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton component={RouterLink} to="/signup">
                <ListItemText primary="Sign Up" />
              </ListItemButton>
            </ListItem>
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}

export default function LandingPage() {
  const year = new Date().getFullYear();

  return (
    <Box sx={{ bgcolor: 'background.default' }}>
      <TopBar />
      <Box component="main">
        <Box
          component="section"
          aria-labelledby="hero-heading"
          sx={{
            pt: { xs: 14, md: 20 },
            pb: { xs: 10, md: 14 },
            color: 'common.white',
            background: 'linear-gradient(160deg, #13264a 0%, #1f3a68 55%, #35527f 100%)',
          }}
        >
          <Container maxWidth="md" sx={{ textAlign: 'center' }}>
            <Typography id="hero-heading" component="h1" variant="h2" sx={{ fontSize: { xs: '2.2rem', md: '3.4rem' } }}>
              Legal Documents, Reimagined
            </Typography>
            <Typography variant="h6" component="p" sx={{ mt: 2, opacity: 0.9, fontWeight: 400 }}>
              Casewise reads your contracts and case files, answers your questions with the passages behind every answer,
              and drafts case summaries and liability analyses you can download.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
              <Button component={RouterLink} to="/signup" variant="contained" color="secondary" size="large">
                Get Started
              </Button>
              <Button component={RouterLink} to="/login" variant="outlined" color="inherit" size="large">
                Login
              </Button>
            </Stack>
          </Container>
        </Box>

        <Container component="section" aria-labelledby="features-heading" maxWidth="lg" sx={{ py: { xs: 8, md: 10 } }}>
          <Typography id="features-heading" component="h2" variant="h4" align="center" gutterBottom>
            Everything your legal team needs
          </Typography>
          <Typography align="center" color="text.secondary" sx={{ mb: 5 }}>
            Built for legal professionals and firms who work with documents every day.
          </Typography>
          <Grid container spacing={3}>
            {FEATURES.map((feature) => (
              <Grid key={feature.title} size={{ xs: 12, sm: 6, md: 4 }}>
                <FeatureCard {...feature} iconSize="large" />
              </Grid>
            ))}
          </Grid>
        </Container>

        <Box component="section" aria-labelledby="testimonials-heading" sx={{ bgcolor: '#eaeff8', py: { xs: 8, md: 10 } }}>
          <Container maxWidth="lg">
            <Typography id="testimonials-heading" component="h2" variant="h4" align="center" sx={{ mb: 5 }}>
              Trusted by legal professionals
            </Typography>
            <Grid container spacing={3}>
              {TESTIMONIALS.map(({ quote, role }) => (
                <Grid key={role} size={{ xs: 12, md: 4 }}>
                  <Card component="figure" sx={{ height: '100%', m: 0 }}>
                    <CardContent>
                      <FormatQuote color="secondary" aria-hidden="true" />
                      <Typography component="blockquote" sx={{ m: 0, fontStyle: 'italic' }}>
                        {quote}
                      </Typography>
                      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                        {role}
                      </Typography>
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Container>
        </Box>

        <Container component="section" aria-labelledby="cta-heading" maxWidth="md" sx={{ py: { xs: 8, md: 10 }, textAlign: 'center' }}>
          <Typography id="cta-heading" component="h2" variant="h4" gutterBottom>
            Ready to work faster with your documents?
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 4 }}>
            Create an account, add your first project and ask your first question in minutes.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button component={RouterLink} to="/signup" variant="contained" size="large">
              Get Started Today
            </Button>
            <Button component={RouterLink} to="/demo" variant="outlined" size="large">
              Watch Demo
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'grey.300', pt: 6, pb: 4 }}>
        <Container maxWidth="lg">
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'common.white' }}>
                <GavelIcon aria-hidden="true" />
                <Typography variant="h6" component="p">
                  Casewise
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ mt: 1 }}>
                The legal document assistant that shows its sources.
              </Typography>
            </Grid>
            {FOOTER_COLUMNS.map(({ title, links }) => (
              <Grid key={title} size={{ xs: 6, sm: 3, md: 2 }}>
                <Typography component="h2" variant="subtitle2" sx={{ color: 'common.white', mb: 1 }}>
                  {title}
                </Typography>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  {links.map((label) => (
                    <InertLink key={label}>{label}</InertLink>
                  ))}
                </Stack>
              </Grid>
            ))}
          </Grid>
          <Divider sx={{ my: 3, borderColor: 'rgba(255,255,255,0.15)' }} />
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            <Typography variant="body2">© {year} Casewise. All rights reserved.</Typography>
            <Stack direction="row" spacing={2}>
              <InertLink>Privacy Policy</InertLink>
              <InertLink>Terms of Service</InertLink>
            </Stack>
          </Box>
        </Container>
      </Box>
    </Box>
  );
}
