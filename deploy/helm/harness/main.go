// Renders a Helm chart without helm, for CI machines that cannot install it: Go's text/template plus
// sprig (the engine Helm itself uses), with the few Helm functions the Offprint chart needs (include,
// required, toYaml) and Helm's built-in objects (.Values, .Chart, .Release). Values: the chart's
// values.yaml, then each -f FILE merged over it (maps deeply, everything else replaced), as helm does.
//
// Usage: go run main.go CHART_DIR [-f VALUES.yaml]... [--name RELEASE] [--namespace NS]
// Prints every rendered template, "---\n# Source: CHART/templates/FILE" first, as `helm template` does.
package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

func readYaml(path string) map[string]interface{} {
	data, err := os.ReadFile(path)
	if err != nil {
		fail("cannot read %s: %v", path, err)
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		fail("%s is not YAML: %v", path, err)
	}
	return out
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "render: "+format+"\n", args...)
	os.Exit(1)
}

// merge lays `over` onto `base`: maps merge key by key, any other value replaces.
func merge(base, over map[string]interface{}) map[string]interface{} {
	for key, value := range over {
		inner, isMap := value.(map[string]interface{})
		current, wasMap := base[key].(map[string]interface{})
		if isMap && wasMap {
			base[key] = merge(current, inner)
		} else {
			base[key] = value
		}
	}
	return base
}

func toYaml(value interface{}) string {
	var buf bytes.Buffer
	encoder := yaml.NewEncoder(&buf)
	encoder.SetIndent(2)
	if err := encoder.Encode(value); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: main.go CHART_DIR [-f VALUES]... [--name RELEASE] [--namespace NS]")
	}
	chartDir := os.Args[1]
	values := readYaml(filepath.Join(chartDir, "values.yaml"))
	release := map[string]interface{}{"Name": "release", "Namespace": "default", "Service": "Helm"}
	for i := 2; i < len(os.Args); i += 2 {
		if i+1 >= len(os.Args) {
			fail("%s needs a value", os.Args[i])
		}
		switch os.Args[i] {
		case "-f":
			values = merge(values, readYaml(os.Args[i+1]))
		case "--name":
			release["Name"] = os.Args[i+1]
		case "--namespace":
			release["Namespace"] = os.Args[i+1]
		default:
			fail("unknown option %s", os.Args[i])
		}
	}
	meta := readYaml(filepath.Join(chartDir, "Chart.yaml"))
	chart := map[string]interface{}{"Name": meta["name"], "Version": meta["version"], "AppVersion": meta["appVersion"]}
	root := map[string]interface{}{"Values": values, "Chart": chart, "Release": release}

	tpl := template.New("chart")
	funcs := sprig.TxtFuncMap()
	// Helm removes these: a chart must not read the machine it is rendered on.
	delete(funcs, "env")
	delete(funcs, "expandenv")
	funcs["toYaml"] = toYaml
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		err := tpl.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	funcs["required"] = func(message string, value interface{}) (interface{}, error) {
		if value == nil || value == "" {
			return nil, fmt.Errorf("%s", message)
		}
		return value, nil
	}
	tpl.Funcs(funcs).Option("missingkey=zero")

	files, _ := filepath.Glob(filepath.Join(chartDir, "templates", "*"))
	sort.Strings(files)
	name := fmt.Sprint(meta["name"])
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			fail("cannot read %s: %v", file, err)
		}
		if _, err := tpl.New(name + "/templates/" + filepath.Base(file)).Parse(string(data)); err != nil {
			fail("%v", err)
		}
	}
	for _, file := range files {
		base := filepath.Base(file)
		if strings.HasPrefix(base, "_") || !strings.HasSuffix(base, ".yaml") {
			continue
		}
		var buf bytes.Buffer
		if err := tpl.ExecuteTemplate(&buf, name+"/templates/"+base, root); err != nil {
			fail("%v", err)
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fmt.Printf("---\n# Source: %s/templates/%s\n%s\n", name, base, strings.TrimSpace(text))
	}
}
